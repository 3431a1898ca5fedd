import type { QueryPlan } from '../../../application/ports/read-model-store.ts';

const INDEX = /USING (?:COVERING )?INDEX (\S+)/;
const PRIMARY_KEY = /USING (?:INTEGER )?PRIMARY KEY/;
/** "USE TEMP B-TREE FOR ORDER BY", "... FOR RIGHT PART OF ORDER BY", "... FOR LAST 2 TERMS OF ORDER BY". */
const SORTS = /USE TEMP B-TREE FOR .*ORDER BY/;

/** Reads the rows of `EXPLAIN QUERY PLAN` (one `detail` line per step). */
export function readSqlitePlan(steps: ReadonlyArray<{ detail: string }>): QueryPlan {
  let index: string | null = null;
  for (const { detail } of steps) {
    index ??= INDEX.exec(detail)?.[1] ?? (PRIMARY_KEY.test(detail) ? 'PRIMARY KEY' : null);
  }
  return {
    index,
    inMemorySort: steps.some(({ detail }) => SORTS.test(detail)),
    detail: steps.map(({ detail }) => detail).join('; '),
  };
}
