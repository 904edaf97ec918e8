// DuckDB reference for bench/reference/compare_csv_info.sh: load a CSV into a table (2 threads), then
// exact distinct, missing, min and max of every column: the work of `veil-cli info FILE --json`.
import { DuckDBInstance } from '@duckdb/node-api';
const file = process.argv[2];
const inst = await DuckDBInstance.create(':memory:', { threads: '2' });
const con = await inst.connect();
const t0 = performance.now();
await con.run(`CREATE TABLE t AS SELECT * FROM read_csv('${file}')`);
const cols = (await con.runAndReadAll(`SELECT column_name FROM (DESCRIBE t)`)).getRows().map(r => r[0]);
const parts = cols.map(c => `count(DISTINCT "${c}"), count(*) - count("${c}"), min("${c}")::VARCHAR, max("${c}")::VARCHAR`);
const r = await con.runAndReadAll(`SELECT ${parts.join(', ')} FROM t`);
const t1 = performance.now();
console.error(`in-process ${(t1 - t0).toFixed(0)} ms`);
console.log(JSON.stringify(r.getRows()[0].map(String)).slice(0, 300));
