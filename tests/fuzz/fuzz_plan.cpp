// libFuzzer target: release plans (release_plan.h): JSON syntax, every field of both kinds, and
// the SQL a valid plan would export (without running a search: only plans with a transformation
// or dp-query plans reach the SQL generators).
#include "fuzz_support.h"

#include "veil/io/json_file.h"
#include "veil/release/aggregate_sql.h"
#include "veil/release/release_plan.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto j = veil::parseJsonObject(std::string(veil::fuzz::bytes(data, size)), "fuzz-plan.json");
    veil::fuzz::checkError(j.status(), "fuzz-plan.json");
    if (!j) return 0;
    auto plan = veil::release::parseReleasePlan(*j, "/nonexistent-fuzz-dir", "fuzz-plan.json");
    veil::fuzz::checkError(plan.status(), "fuzz-plan.json");
    if (!plan) return 0;
    if (plan->kind == "dp-query") {
        auto qp = veil::release::dpQueryPlan(*plan);
        veil::fuzz::checkError(qp.status(), "fuzz-plan.json");
        if (qp) {
            veil::release::AggregateSqlPlan sql;
            sql.column = qp->column;
            sql.spec = qp->spec;
            for (auto d : {veil::release::SqlDialect::Sqlite, veil::release::SqlDialect::Postgres,
                           veil::release::SqlDialect::Spark})
                (void)veil::release::aggregateSql(sql, d);
        }
    } else {
        auto ap = veil::release::anonymizationPlan(*plan);
        veil::fuzz::checkError(ap.status(), "fuzz-plan.json");
    }
    return 0;
}
