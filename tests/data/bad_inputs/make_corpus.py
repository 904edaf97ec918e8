#!/usr/bin/env python3
"""Writes the bad-input corpus (issue 14): broken or hostile files and flag values for every
command, and cases.json, which tst_cli_bad_inputs runs. Each case: the veil-cli arguments
({bad} = this folder, {samples} = resources/samples, {tmp} = a fresh temporary folder), what the
message must mention (a file name, a flag or a field) and whether the input is an error
("error": exit 1 or 2, a message on stderr) or a defect Veil handles ("ok": exit 0).
Run it from anywhere; it rewrites the files next to it."""
import json
import os
import shutil
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def write(rel, data):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return "{bad}/" + rel


def case(name, args, mentions, expect="error"):
    cases.append({"name": name, "args": args, "mentions": mentions, "expect": expect})


ADULT = "{samples}/adult.csv"
KARATE = "{samples}/karate.edges"

# --- CSV tables -------------------------------------------------------------------------------
csvs = {
    "empty.csv": b"",
    "header_only.csv": b"a,b,c\n",
    "bom_only.csv": b"\xef\xbb\xbf",
    "invalid_utf8.csv": b"name,city\nAnn,M\xfcnchen\nBo,\xff\xfe\n",
    "unbalanced_quote.csv": b'a,b\n1,"open\n2,3\n',
    "ragged.csv": b"a,b,c\n1,2\n3,4,5,6\n",
    "nul_bytes.csv": b"a,b\n1,\x002\n",
    "binary.csv": bytes(range(256)) * 4,
    "only_newlines.csv": b"\n\n\n\n",
    "duplicate_header.csv": b"a,a\n1,2\n",
    "empty_header_name.csv": b"a,,c\n1,2,3\n",
    "quote_in_unquoted.csv": b'a,b\nx"y,2\n',
    "garbage_after_quote.csv": b'a,b\n"x"y,2\n',
    "utf16.csv": "a,b\n1,2\n".encode("utf-16"),
    "zip_disguised.csv": b"PK\x03\x04" + b"\x00" * 60,
    "whitespace_only.csv": b"   \n \t \n",
    "long_field.csv": b"a\n" + b"x" * 200_000 + b"\n",
}
for fname, data in csvs.items():
    p = write("csv/" + fname, data)
    # Defects Veil reads anyway, with a warning naming the file (and never changing a value).
    handled = ("long_field.csv", "header_only.csv", "duplicate_header.csv", "empty_header_name.csv", "quote_in_unquoted.csv")
    case("info " + fname, ["info", p], fname, "ok" if fname in handled else "error")
write("folder.csv/.keep", "a folder named like a file\n")
case("info folder", ["info", "{bad}/folder.csv"], "folder.csv")
case("info missing", ["info", "{bad}/no-such-file.csv"], "no-such-file.csv")
case("info two-char delimiter", ["info", ADULT, "--delimiter", "ab"], "delimiter")
case("info unknown type", ["info", ADULT, "--type", "age=bogus"], "bogus")
case("info type of no column", ["info", ADULT, "--type", "nosuch=integer"], "nosuch")
case("info type without =", ["info", ADULT, "--type", "age"], "--type")

# --- hierarchies (anonymize) -------------------------------------------------------------------
hierarchies = {
    "empty.csv": b"",
    "ragged.csv": b"17;10-20;*\n18;*\n",
    "duplicate_value.csv": b"17;10-20;*\n17;10-20;*\n",
    "two_parents.csv": b"17;10-20;*\n17;15-25;*\n",
    "binary.csv": bytes(range(256)),
    "one_column.csv": b"17\n18\n",
    "invalid_utf8.csv": b"17;\xff\xfe;*\n",
}
for fname, data in hierarchies.items():
    p = write("hierarchies/" + fname, data)
    # A hierarchy that reads but does not cover the column is named by its quasi-identifier.
    mention = "'age'" if fname in ("one_column.csv", "invalid_utf8.csv") else fname
    case("anonymize hierarchy " + fname, ["anonymize", ADULT, "--qi", "age", "--k", "2", "--hierarchy", "age=" + p], mention)
p = write("hierarchies/not_covering.csv", b"1;low;*\n2;low;*\n")
case("anonymize hierarchy missing values", ["anonymize", ADULT, "--qi", "age", "--k", "2", "--hierarchy", "age=" + p], "age")
case("anonymize hierarchy folder", ["anonymize", ADULT, "--qi", "age", "--k", "2", "--hierarchy", "age={bad}/folder.csv"],
     "folder.csv")
case("anonymize hierarchy missing", ["anonymize", ADULT, "--qi", "age", "--k", "2", "--hierarchy", "age={bad}/nope.csv"],
     "nope.csv")
H_AGE = "age={samples}/adult_hierarchy_age.csv"
for flag, value, mention in [("--k", "0", "k"), ("--k", "-1", "k"), ("--k", "abc", "--k"), ("--qi", "nosuch", "nosuch"),
                             ("--suppression", "2", "suppression"), ("--suppression", "-0.1", "suppression"),
                             ("--metric", "bogus", "bogus"), ("--algorithm", "bogus", "bogus"),
                             ("--l-diversity", "bogus", "bogus"), ("--l-diversity", "distinct:0", "--l-diversity"),
                             ("--t-closeness", "equal:2", "--t-closeness"), ("--transformation", "1,2", "transformation"),
                             ("--transformation", "99", "99"), ("--hierarchy", "noequal", "noequal"),
                             ("--mondrian-mode", "bogus", "bogus"), ("--threshold", "2", "threshold")]:
    args = ["anonymize", ADULT, "--qi", "age", "--hierarchy", H_AGE, "--sensitive", "occupation"]
    if flag == "--qi":
        args = ["anonymize", ADULT, "--qi", value, "--k", "2"]
    elif flag != "--k":
        args += ["--k", "2"]
    if flag != "--qi":
        args += [flag, value]
    case("anonymize " + flag + " " + value, args, mention)

# --- graphs ------------------------------------------------------------------------------------
graphs = {
    "one_field.edges": b"1 2\n3\n",
    "four_fields.edges": b"1 2 3 4\n",
    "text_weight.edges": b"1 2 heavy\n",
    "empty.edges": b"",
    "only_comments.edges": b"# nothing\n% here\n",
    "binary.edges": bytes(range(1, 256)),
    "unterminated.gml": b"graph [ node [ id 1 ] edge [ source 1 target 1 ",
    "no_graph.gml": b"creator \"me\"\n",
    "edge_unknown_node.gml": b"graph [ node [ id 1 ] edge [ source 1 target 2 ] ]",
    "empty.gml": b"",
    "garbage.gml": b"graph [ [ [ ] ] ] ]",
    "not_xml.graphml": b"this is not xml",
    "no_root.graphml": b"<?xml version='1.0'?><nodes><node id='a'/></nodes>",
    "undeclared_node.graphml": b"<graphml><graph edgedefault='undirected'><node id='a'/><edge source='a' target='b'/></graph></graphml>",
    "empty.graphml": b"",
    "no_nodes.graphml": b"<graphml><graph edgedefault='undirected'></graph></graphml>",
    "unterminated.graphml": b"<graphml><graph><node id='a'>",
}
for fname, data in graphs.items():
    p = write("graphs/" + fname, data)
    case("graph stats " + fname, ["graph", "stats", p], fname)
case("graph stats folder", ["graph", "stats", "{bad}/folder.csv"], "folder.csv")
case("graph stats missing", ["graph", "stats", "{bad}/nope.edges"], "nope.edges")
p = write("graphs/bad.labels", b"0\n")
case("graph labels one field", ["graph", "stats", KARATE, "--labels", p], "bad.labels")
case("graph labels folder", ["graph", "stats", KARATE, "--labels", "{bad}/folder.csv"], "folder.csv")
for extra, mention in [(["--epsilon", "0"], "epsilon"), (["--epsilon", "-1"], "epsilon"), (["--epsilon", "nan"], "epsilon"),
                       (["--epsilon", "1e-320"], "epsilon"), (["--epsilon", "1e308"], "epsilon"),
                       (["--epsilon", "1", "--privacy", "bogus"], "bogus"), (["--epsilon", "1", "--method", "bogus"], "bogus"),
                       (["--epsilon", "1", "--method", "restricted", "--k", "0"], "k"),
                       (["--epsilon", "1", "--privacy", "node", "--method", "restricted", "--k", "3", "--delta", "2"], "delta"),
                       (["--epsilon", "1", "--statistic", "bogus"], "bogus"),
                       (["--epsilon", "1", "--statistic", "profile:"], "profile")]:
    case("graph release " + " ".join(extra), ["graph", "release", KARATE] + extra, mention)
case("graph degrees epsilon 0", ["graph", "degrees", KARATE, "--epsilon", "0"], "epsilon")
case("graph degrees show-true", ["graph", "degrees", KARATE, "--epsilon", "1", "--show-true"], "--teaching")

# --- release plans -----------------------------------------------------------------------------
DP = {"kind": "dp-query", "dataset": {"path": "../../../../resources/samples/adult.csv", "delimiter": ";"}, "column": "age",
      "query": "count", "epsilon": 1}
HIST = dict(DP, query="histogram", lower=0, upper=100, bins=10)
ANON = {"kind": "anonymization", "dataset": {"path": "../../../../resources/samples/adult.csv", "delimiter": ";"},
        "quasi_identifiers": ["age"], "hierarchies": {"age": "../../../../resources/samples/adult_hierarchy_age.csv"}, "k": 5}


def plan(name, doc, mention, raw=None):
    p = write("plans/" + name + ".json", raw if raw is not None else json.dumps(doc))
    case("release plan " + name, ["release", p, "--output", "{tmp}/out", "--ledger", "{tmp}/ledger.sqlite"], mention)


plan("not_json", None, "not_json.json:1:", raw="{ this is not json")
plan("truncated", None, "truncated.json:", raw='{"kind": "dp-query",')
plan("bom", None, "bom.json", raw="\ufeff{}")
plan("array_top", [1, 2], "JSON object")
plan("empty_object", {}, "plan.kind")
plan("kind_bogus", {"kind": "bogus"}, "plan.kind")
plan("kind_number", {"kind": 3}, "plan.kind")
plan("dataset_number", dict(DP, dataset=3), "plan.dataset")
plan("dataset_missing_file", dict(DP, dataset="nope.csv"), "nope.csv")
plan("dataset_folder", dict(DP, dataset="."), "folder")
plan("column_missing", {k: v for k, v in DP.items() if k != "column"}, "plan.column")
plan("column_number", dict(DP, column=3), "plan.column")
plan("column_unknown", dict(DP, column="nosuch"), "nosuch")
plan("query_bogus", dict(DP, query="bogus"), "bogus")
plan("query_number", dict(DP, query=1), "plan.query")
for label, eps in [("string", "one"), ("zero", 0), ("tiny", 1e-320), ("huge", 1e308), ("negative", -1)]:
    plan("epsilon_" + label, dict(DP, epsilon=eps), "epsilon")
plan("delta_two", dict(DP, delta=2), "delta")
for label, bins in [("string", "x"), ("zero", 0), ("negative", -1), ("2_31", 2147483648), ("2_32p1", 4294967297),
                    ("2e9", 2000000000), ("float", 2.5), ("edges_unsorted", [3, 1, 2]), ("edges_one", [1]),
                    ("edges_text", [1, "b"])]:
    plan("bins_" + label, dict(HIST, bins=bins), "bins")
plan("categories_not_list", dict(HIST, categories="a,b", bins=None), "plan.categories")
plan("bins_null_lower_null", dict(HIST, bins=None, lower=None, upper=None, categories=None), "histogram")
plan("categories_number", dict(DP, query="histogram", column="sex", categories=["Male", 3]), "plan.categories[1]")
plan("categories_duplicate", dict(DP, query="histogram", column="sex", categories=["Male", "Male"]), "'Male' is given twice")
plan("other_number", dict(DP, query="histogram", column="sex", categories=["Male"], other=5), "plan.other")
plan("strategy_bogus", dict(HIST, strategy="bogus"), "bogus")
plan("strategy_number", dict(HIST, strategy=7), "plan.strategy")
plan("options_not_object", dict(HIST, strategy="hierarchical", options=[1]), "plan.options")
plan("options_unknown", dict(HIST, strategy="hierarchical", options={"nosuch": 1}), "options.nosuch")
plan("options_out_of_range", dict(HIST, strategy="hierarchical", options={"branching": 1}), "options.branching")
plan("trials_zero", dict(DP, trials=0), "plan.trials")
plan("trials_huge", dict(DP, trials=10**9), "plan.trials")
plan("trials_string", dict(DP, trials="2"), "plan.trials")
plan("trials_times_bins", dict(HIST, bins=1000000, trials=100), "50000000")
plan("lower_above_upper", dict(HIST, lower=100, upper=0), "lower")
plan("lower_string", dict(HIST, lower="0"), "plan.lower")
plan("mechanism_bogus", dict(DP, mechanism="bogus"), "bogus")
plan("mechanism_wrong", dict(DP, mechanism="exponential"), "exponential")
plan("delimiter_two", dict(DP, dataset={"path": "x.csv", "delimiter": ";;"}), "plan.dataset.delimiter")
plan("types_bad", dict(DP, dataset={"path": "x.csv", "types": {"age": "bogus"}}), "plan.dataset.types.age")
plan("types_not_object", dict(DP, dataset={"path": "x.csv", "types": ["age"]}), "plan.dataset.types")
plan("qis_not_list", dict(ANON, quasi_identifiers="age"), "plan.quasi_identifiers")
plan("qis_empty", dict(ANON, quasi_identifiers=[]), "plan.quasi_identifiers")
plan("qis_number", dict(ANON, quasi_identifiers=["age", 3]), "plan.quasi_identifiers[1]")
plan("hierarchies_not_object", dict(ANON, hierarchies=["x"]), "plan.hierarchies")
plan("hierarchy_number", dict(ANON, hierarchies={"age": 3}), "plan.hierarchies.age")
plan("hierarchy_missing", dict(ANON, hierarchies={"age": "nope.csv"}), "nope.csv")
plan("hierarchy_folder", dict(ANON, hierarchies={"age": "."}), "folder")
plan("hierarchy_other_column", dict(ANON, hierarchies={"age": ANON["hierarchies"]["age"], "sex": "x.csv"}), "hierarchies.sex")
plan("k_string", dict(ANON, k="5"), "plan.k")
plan("k_zero", dict(ANON, k=0), "plan.k")
plan("k_2_31", dict(ANON, k=2147483648), "plan.k")
plan("suppression_two", dict(ANON, suppression=2), "plan.suppression")
plan("metric_bogus", dict(ANON, metric="bogus"), "plan.metric")
plan("algorithm_bogus", dict(ANON, algorithm="bogus"), "plan.algorithm")
plan("transformation_length", dict(ANON, transformation=[1, 2]), "plan.transformation")
plan("transformation_string", dict(ANON, transformation=["1"]), "plan.transformation[0]")
plan("transformation_negative", dict(ANON, transformation=[-1]), "plan.transformation[0]")
plan("l_diversity_bogus", dict(ANON, l_diversity="bogus", sensitive="occupation"), "l_diversity")
plan("t_closeness_bogus", dict(ANON, t_closeness="bogus", sensitive="occupation"), "t_closeness")
plan("sensitive_hierarchy_number", dict(ANON, sensitive="occupation", sensitive_hierarchy=3), "plan.sensitive_hierarchy")
p = write("plans/good_dp.json", json.dumps(DP))
case("plan-sql bogus dialect", ["plan-sql", p, "--dialect", "bogus"], "bogus")
p = write("plans/mondrian.json", json.dumps(dict(ANON, algorithm="mondrian")))
case("plan-sql mondrian", ["plan-sql", p], "Mondrian")
case("release existing output", ["release", "{bad}/plans/good_dp.json", "--output", "{bad}", "--ledger", "{tmp}/l.sqlite"],
     "already exists")

# --- aggregates --------------------------------------------------------------------------------
aggregates = {
    "wrong_header.csv": b"a,b,c,d\n0,count,1,\n",
    "text_n.csv": b"output_index,label,n,clamped_sum\n0,count,many,\n",
    "missing_row.csv": b"output_index,label,n,clamped_sum\n",
    "extra_rows.csv": b"output_index,label,n,clamped_sum\n0,count,1,\n1,count,2,\n",
    "negative_n.csv": b"output_index,label,n,clamped_sum\n0,count,-5,\n",
    "empty.csv": b"",
    "binary.csv": bytes(range(256)),
}
for fname, data in aggregates.items():
    p = write("aggregates/" + fname, data)
    case("release aggregates " + fname, ["release", "{bad}/plans/good_dp.json", "--aggregates", p, "--output", "{tmp}/out",
                                         "--ledger", "{tmp}/l.sqlite"], fname)

# --- experiments (sweep) -----------------------------------------------------------------------
EXP = {"dataset": {"counts": [1, 2, 3, 4, 5, 6, 7, 8]}, "methods": ["histogram:identity"],
       "epsilon": {"from": 0.1, "to": 1, "count": 2}, "trials": 2}


def experiment(name, doc, mention, raw=None):
    p = write("experiments/" + name + ".json", raw if raw is not None else json.dumps(doc))
    case("sweep " + name, ["sweep", p, "--output", "{tmp}/out.csv", "--teaching"], mention)


experiment("not_json", None, "not_json.json:1:", raw="[nope")
experiment("array_top", [1], "JSON object")
experiment("unknown_key", dict(EXP, bogus=1), "bogus")
experiment("methods_missing", {k: v for k, v in EXP.items() if k != "methods"}, "methods")
experiment("methods_empty", dict(EXP, methods=[]), "methods")
experiment("method_unknown", dict(EXP, methods=["histogram:bogus"]), "histogram:bogus")
experiment("epsilon_reversed", dict(EXP, epsilon={"from": 1, "to": 0.1, "count": 2}), "epsilon")
experiment("epsilon_negative", dict(EXP, epsilon=[-1]), "epsilon")
experiment("trials_zero", dict(EXP, trials=0), "trials")
experiment("trials_huge", dict(EXP, trials=10**8), "trials")
experiment("runs_too_many", dict(EXP, trials=1000000, epsilon={"from": 0.1, "to": 1, "count": 20}), "runs")
experiment("dataset_missing", {k: v for k, v in EXP.items() if k != "dataset"}, "dataset")
experiment("dataset_file_missing", dict(EXP, dataset="nope.npy"), "nope.npy")
experiment("dataset_folder", dict(EXP, dataset="."), "folder")
experiment("workload_bogus", dict(EXP, workload={"kind": "bogus"}), "bogus")
experiment("workload_arity", dict(EXP, workload={"kind": "inline", "ranges": [[1, 2, 3]]}), "workload")
experiment("workload_out_of_range", dict(EXP, workload={"kind": "inline", "ranges": [[0, 99]]}), "workload")
experiment("delta_two", dict(EXP, delta=2), "delta")
experiment("seed_negative", dict(EXP, seed=-1), "seed")
experiment("sanity_negative", dict(EXP, sanity_fraction=-1), "sanity_fraction")
p = write("experiments/good.json", json.dumps(EXP))
case("sweep without teaching", ["sweep", p, "--output", "{tmp}/out.csv"], "--teaching")

# --- dp and rr flags ---------------------------------------------------------------------------
for value in ["1e-320", "5e-307", "1e-20", "1e308", "nan", "inf", "0", "-1"]:
    case("dp epsilon " + value, ["dp", ADULT, "--column", "age", "--epsilon", value], "epsilon")
DPA = ["dp", ADULT, "--column", "age", "--epsilon", "1"]
for extra, mention in [(["--delta", "1"], "delta"), (["--delta", "-0.1"], "delta"),
                       (["--query", "histogram", "--lower", "0", "--upper", "100", "--bins", "0"], "bins"),
                       (["--query", "histogram", "--lower", "0", "--upper", "100", "--bins", "2147483648"], "bins"),
                       (["--query", "histogram", "--lower", "0", "--upper", "100", "--bins", "abc"], "bins"),
                       (["--query", "histogram", "--bins", "3,1,2"], "bins"),
                       (["--query", "histogram"], "histogram"),
                       (["--query", "bogus"], "bogus"), (["--query", "quantile:2"], "quantile"), (["--query", "range:5:1"], "range"),
                       (["--mechanism", "bogus"], "bogus"),
                       (["--query", "histogram", "--lower", "0", "--upper", "100", "--bins", "8", "--strategy", "bogus"], "bogus"),
                       (["--query", "histogram", "--lower", "0", "--upper", "100", "--bins", "8", "--strategy", "hierarchical",
                         "--option", "branching=1"], "branching"),
                       (["--query", "histogram", "--lower", "0", "--upper", "100", "--bins", "8", "--strategy", "hierarchical",
                         "--option", "nosuch=1"], "nosuch"),
                       (["--trials", "0"], "trials"), (["--confidence", "1"], "confidence"),
                       (["--query", "sum", "--lower", "10", "--upper", "0"], "lower"),
                       (["--show-true"], "--teaching"), (["--teaching", "--ledger", "{tmp}/l.sqlite"], "--teaching"),
                       (["--ledger", "{bad}/folder.csv"], "folder.csv"),
                       (["--ledger", "{bad}/csv/binary.csv"], "binary.csv"),
                       (["--ledger", "{tmp}/l.sqlite", "--budget", "-1"], "budget"),
                       (["--ledger", "{tmp}/l.sqlite", "--budget", "1,2"], "delta")]:
    case("dp " + " ".join(extra), DPA + extra, mention)
case("dp column unknown", ["dp", ADULT, "--column", "nosuch", "--epsilon", "1"], "nosuch")
case("dp categories empty", ["dp", ADULT, "--column", "sex", "--query", "histogram", "--categories", "", "--epsilon", "1"],
     "categories")
case("dp categories duplicate", ["dp", ADULT, "--column", "sex", "--query", "histogram", "--categories", "Male,Male",
                                 "--epsilon", "1"], "'Male' is given twice")
p = write("categories/duplicate.txt", "a\nb\na\n")
case("dp categories file duplicate", ["dp", ADULT, "--column", "sex", "--query", "histogram", "--categories-file", p,
                                      "--epsilon", "1"], "duplicate.txt:3")
case("dp categories file folder", ["dp", ADULT, "--column", "sex", "--query", "histogram", "--categories-file",
                                   "{bad}/folder.csv", "--epsilon", "1"], "folder.csv")
case("dp categories file missing", ["dp", ADULT, "--column", "sex", "--query", "histogram", "--categories-file",
                                    "{bad}/nope.txt", "--epsilon", "1"], "nope.txt")
RR = ["rr", ADULT, "--column", "sex", "--epsilon", "1"]
case("rr no domain", RR, "categories")
case("rr value and categories", RR + ["--value", "Male", "--categories", "Male,Female"], "value")
case("rr duplicate categories", RR + ["--categories", "Male,Male"], "distinct")
case("rr epsilon 0", ["rr", ADULT, "--column", "sex", "--epsilon", "0", "--value", "Male"], "epsilon")
case("rr column unknown", ["rr", ADULT, "--column", "nosuch", "--epsilon", "1", "--value", "x"], "nosuch")

# --- psd flags and shapes ----------------------------------------------------------------------
p = write("points/points.csv", "x,y\n1,2\n3,4\n5,6\n")
PSD = ["psd", p, "--x", "x", "--y", "y", "--epsilon", "1", "--height", "3"]
for extra, mention in [(["--domain", "1,2,3"], "domain"), (["--domain", "0,0,0,0"], "domain"), (["--domain", "a,b,c,d"], "domain"),
                       (["--domain", "10,0,0,10"], "domain"), ([], "--domain"),
                       (["--domain", "0,0,10,10", "--tree", "kd", "--height", "30"], "height"),
                       (["--domain", "0,0,10,10", "--tree", "quad", "--height", "11"], "height"),
                       (["--domain", "0,0,10,10", "--tree", "grid", "--cells-per-axis", "100000"], "cells"),
                       (["--domain", "0,0,10,10", "--queries", "100"], "--teaching"),
                       ]:
    # A grid takes no --height (refused as a flag that does not apply).
    case("psd " + " ".join(extra), (PSD[:-2] if "grid" in extra else PSD) + extra, mention)
case("psd column unknown", ["psd", p, "--x", "nosuch", "--y", "y", "--epsilon", "1", "--height", "3", "--domain", "0,0,10,10"],
     "nosuch")
case("psd epsilon 0", ["psd", p, "--x", "x", "--y", "y", "--epsilon", "0", "--height", "3", "--domain", "0,0,10,10"], "epsilon")
shape = write("shapes/corrupt.npy", b"\x93NUMPY\x01\x00\xff\xff{'descr': '<f8'")
SHAPE = ["--scale", "1000", "--epsilon", "1", "--height", "3"]
case("psd shape corrupt", ["psd", "--shape", shape] + SHAPE, "corrupt.npy")
case("psd shape folder", ["psd", "--shape", "{bad}/folder.csv"] + SHAPE, "folder.csv")
case("psd shape missing", ["psd", "--shape", "{bad}/nope.npy"] + SHAPE, "nope.npy")
case("psd scale 0", ["psd", "--shape", shape, "--scale", "0", "--epsilon", "1", "--height", "3"], "scale")

# --- ledgers, risk, link -----------------------------------------------------------------------
foreign = os.path.join(HERE, "ledgers/foreign.sqlite")
os.makedirs(os.path.dirname(foreign), exist_ok=True)
if os.path.exists(foreign):
    os.remove(foreign)
db = sqlite3.connect(foreign)
db.execute("CREATE TABLE ledger(x INTEGER)")
db.commit()
db.close()
case("ledger check foreign", ["ledger", "check", "--ledger", "{bad}/ledgers/foreign.sqlite"], "foreign.sqlite")
p = write("ledgers/text.sqlite", "not a database\n")
case("ledger check text file", ["ledger", "check", "--ledger", p], "text.sqlite")
case("ledger check folder", ["ledger", "check", "--ledger", "{bad}/folder.csv"], "folder.csv")
case("risk qi unknown", ["risk", ADULT, "--qi", "nosuch"], "nosuch")
case("risk population missing", ["risk", ADULT, "--qi", "age", "--population", "{bad}/nope.csv"], "nope.csv")
case("link on unknown", ["link", ADULT, "--external", ADULT, "--on", "nosuch"], "nosuch")
case("link external missing", ["link", ADULT, "--external", "{bad}/nope.csv", "--on", "age"], "nope.csv")
case("unknown command", ["bogus-command"], "bogus-command")

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1)
print(len(cases), "cases")
