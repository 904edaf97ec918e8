#!/bin/bash
# Scale figure for `veil-cli release --engine` (docs/engines.md): a 10-million-row adult-like
# table (the adult sample repeated) in a two-shard ClickHouse cluster (Distributed table) and in
# PostgreSQL, the adult k=5 plan and the workclass DP histogram plan run through --engine, next to
# Veil's in-process release of the same rows read from CSV. Private servers on loopback in a
# temporary folder, stopped at the end. Benchmark-only; needs postgresql and clickhouse-server.
# Usage: [REPS=3] [ONLY=PATTERN] bench/reference/engine_scale.sh [BUILD_DIR [COPIES]]
#   ONLY runs the steps whose label matches PATTERN (grep -E), e.g. ONLY=PostgreSQL.
set -euo pipefail
BUILD=$(cd "${1:-build/release}" && pwd)
COPIES=${2:-332}  # 30,162 x 332 = 10,013,784 rows
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CLI=$BUILD/app/cli/veil-cli
W=$(mktemp -d /tmp/veil_engine_bench.XXXXXX)
chmod 755 "$W"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGPORT=$((20000 + RANDOM % 10000))
CH_HTTP=($((30000 + RANDOM % 5000)) 0) && CH_HTTP[1]=$((CH_HTTP[0] + 1))
CH_TCP=($((CH_HTTP[0] + 2)) $((CH_HTTP[0] + 3)))
AS=() && [ "$(id -u)" = 0 ] && AS=(runuser -u postgres --)

cleanup() {
    "${AS[@]}" "$PGBIN/pg_ctl" -D "$W/pg" -m immediate stop >/dev/null 2>&1 || true
    for pid in $(cat "$W"/ch*.pid 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
    sleep 1
    rm -rf "$W"
}
trap cleanup EXIT

stamp() { date +%s.%N; }
took() { echo "$1 $(echo "$(stamp) - $2" | bc) s"; }

# --- PostgreSQL
mkdir -p "$W/pg" && [ ${#AS[@]} -gt 0 ] && chown postgres "$W/pg"
"${AS[@]}" "$PGBIN/initdb" -D "$W/pg" -U veil --auth=trust -E UTF8 --no-locale >/dev/null
"${AS[@]}" "$PGBIN/pg_ctl" -D "$W/pg" -l "$W/pg/server.log" -w \
    -o "-p $PGPORT -k $W/pg -c listen_addresses=127.0.0.1 -c fsync=off -c max_parallel_workers_per_gather=2" start >/dev/null
PSQL=(psql -X -q -h 127.0.0.1 -p "$PGPORT" -U veil -d postgres -v ON_ERROR_STOP=1)

# --- ClickHouse: two servers, one cluster
cat >"$W/users.xml" <<XML
<?xml version="1.0"?>
<yandex><profiles><default><max_memory_usage>8000000000</max_memory_usage></default></profiles>
<users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
<quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas></yandex>
XML
for i in 0 1; do
    mkdir -p "$W/ch$i"
    cat >"$W/ch$i/config.xml" <<XML
<?xml version="1.0"?>
<yandex><logger><level>warning</level><log>$W/ch$i/server.log</log><errorlog>$W/ch$i/err.log</errorlog></logger>
<http_port>${CH_HTTP[$i]}</http_port><tcp_port>${CH_TCP[$i]}</tcp_port><listen_host>127.0.0.1</listen_host>
<path>$W/ch$i/data/</path><tmp_path>$W/ch$i/tmp/</tmp_path><mark_cache_size>268435456</mark_cache_size>
<users_config>$W/users.xml</users_config><default_profile>default</default_profile>
<remote_servers><veil_cluster>
<shard><replica><host>127.0.0.1</host><port>${CH_TCP[0]}</port></replica></shard>
<shard><replica><host>127.0.0.1</host><port>${CH_TCP[1]}</port></replica></shard>
</veil_cluster></remote_servers></yandex>
XML
    clickhouse-server --config-file="$W/ch$i/config.xml" >"$W/ch$i/stdout.log" 2>&1 &
    echo $! >"$W/ch$i.pid"
done
for i in 0 1; do
    until clickhouse-client --port "${CH_TCP[$i]}" --query 'SELECT 1' >/dev/null 2>&1; do sleep 0.2; done
done

# --- Data: the adult sample, repeated
tail -n +2 "$ROOT/resources/samples/adult.csv" | tr -d '\r' >"$W/sample.csv"
COLS=$(head -1 "$ROOT/resources/samples/adult.csv" | tr -d '\r' | tr ';' '\n')
PGCOLS=$(echo "$COLS" | sed 's/.*/"&" text/' | paste -sd, -)
CHCOLS=$(echo "$COLS" | sed 's/.*/`&` String/' | paste -sd, -)
t=$(stamp)
"${PSQL[@]}" -c "CREATE UNLOGGED TABLE sample ($PGCOLS)" -c "\\copy sample FROM '$W/sample.csv' WITH (FORMAT csv, DELIMITER ';')" \
    -c "CREATE TABLE adult AS SELECT s.* FROM sample s, generate_series(1, $COPIES)" -c "ANALYZE adult"
took "load PostgreSQL:" "$t"
t=$(stamp)
HALF=$((COPIES / 2))
for i in 0 1; do
    n=$([ $i = 0 ] && echo $HALF || echo $((COPIES - HALF)))
    clickhouse-client --port "${CH_TCP[$i]}" --multiquery --query "CREATE TABLE sample ($CHCOLS) ENGINE = Log;
        CREATE TABLE adult_local ($CHCOLS) ENGINE = MergeTree ORDER BY tuple()"
    clickhouse-client --port "${CH_TCP[$i]}" --format_csv_delimiter=';' --query 'INSERT INTO sample FORMAT CSV' <"$W/sample.csv"
    clickhouse-client --port "${CH_TCP[$i]}" --query "INSERT INTO adult_local SELECT s.* FROM sample AS s CROSS JOIN numbers($n)"
done
clickhouse-client --port "${CH_TCP[0]}" --query \
    "CREATE TABLE adult AS adult_local ENGINE = Distributed(veil_cluster, default, adult_local, rand())"
took "load ClickHouse (2 shards):" "$t"
ROWS=$(clickhouse-client --port "${CH_TCP[0]}" --query 'SELECT count() FROM adult')
echo "rows: $ROWS (PostgreSQL: $("${PSQL[@]}" -At -c 'SELECT count(*) FROM adult'))"

# --- Plans: the examples, and copies over the 10M-row CSV for the in-process run
clickhouse-client --port "${CH_TCP[0]}" --format_csv_delimiter=';' \
    --query 'SELECT * FROM adult FORMAT CSVWithNames' | tr -d '"' >"$W/adult10m.csv"
python3 - "$ROOT/docs/examples" "$W" <<'PY'
import json, os, sys
src, w = sys.argv[1], sys.argv[2]
for name in ["adult-k5-plan.json", "adult-workclass-histogram-plan.json"]:
    p = json.load(open(os.path.join(src, name)))
    p["dataset"]["path"] = os.path.join(w, "adult10m.csv")
    for q, f in p.get("hierarchies", {}).items():
        p["hierarchies"][q] = os.path.normpath(os.path.join(src, f))
    json.dump(p, open(os.path.join(w, "big-" + name), "w"))
    if name == "adult-k5-plan.json":  # the optimum the sample gives, applied without a search
        p["transformation"] = [0, 3, 0, 1, 1, 1, 1, 2, 0]
        json.dump(p, open(os.path.join(w, "big-fixed-" + name), "w"))
PY

run() {  # label, then veil-cli release arguments
    local label=$1
    shift
    if [ -n "${ONLY:-}" ] && ! echo "$label" | grep -Eq "$ONLY"; then return; fi
    /usr/bin/time -o "$W/time.txt" -f "%e s wall, %M KB max RSS" "$CLI" release "$@" --ledger "$W/ledger.sqlite" \
        --output "$W/bundle-$RANDOM$RANDOM" --json >"$W/out.json"
    printf '%-58s %s  %s\n' "$label" "$(cat "$W/time.txt")" \
        "$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]; print({k: s[k] for k in ("records", "suppressed", "rows_used") if k in s})' "$W/out.json")"
}
PG="postgresql://veil@127.0.0.1:$PGPORT/postgres?table=adult"
CH="clickhouse://default@127.0.0.1:${CH_HTTP[0]}/default?table=adult"
for rep in $(seq 1 "${REPS:-3}"); do
    echo "--- run $rep"
    run "k=5 plan, --engine ClickHouse (2 shards)" "$ROOT/docs/examples/adult-k5-plan.json" --engine "$CH"
    run "k=5 plan, --engine PostgreSQL" "$ROOT/docs/examples/adult-k5-plan.json" --engine "$PG"
    run "k=5 plan, in process (search on 10M rows)" "$W/big-adult-k5-plan.json"
    run "k=5 plan, in process (the sample's transformation)" "$W/big-fixed-adult-k5-plan.json"
    run "DP histogram, --engine ClickHouse (2 shards)" "$ROOT/docs/examples/adult-workclass-histogram-plan.json" --engine "$CH"
    run "DP histogram, --engine PostgreSQL" "$ROOT/docs/examples/adult-workclass-histogram-plan.json" --engine "$PG"
    run "DP histogram, in process" "$W/big-adult-workclass-histogram-plan.json"
done
