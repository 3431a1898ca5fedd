import type { Document } from 'mongodb';
import type { QueryPlan } from '../../../application/ports/read-model-store.ts';

type Stage = Record<string, unknown>;

const isObject = (value: unknown): value is Stage => typeof value === 'object' && value !== null && !Array.isArray(value);
const INDEX_STAGE = /IXSCAN$|^COUNT_SCAN$|^DISTINCT_SCAN$|^IDHACK$/;
const SORT_STAGES = new Set(['SORT', 'SORT_KEY_GENERATOR']);

/**
 * Reads the winning plans of an `explain` answer, whatever its shape: a find's or an aggregation's (`queryPlanner` at
 * the top, or under `stages[0].$cursor`), sharded or not, classic (`winningPlan` is the stage tree) or slot-based
 * (the tree is `winningPlan.queryPlan`). A plan uses an index when it scans one and no collection anywhere.
 */
export function readMongoPlan(explained: Document): QueryPlan {
  const planners: Stage[] = [];
  collectPlanners(explained, planners, 0);
  const stages: Stage[] = [];
  for (const planner of planners) walk(planner.winningPlan, stages);
  const scanned = stages.filter((stage) => INDEX_STAGE.test(String(stage.stage)));
  const collectionScan = stages.some((stage) => stage.stage === 'COLLSCAN');
  const index = collectionScan || scanned.length === 0 ? null : String(scanned[0].indexName ?? (scanned[0].stage === 'IDHACK' ? '_id_' : 'unnamed'));
  return {
    index,
    inMemorySort: stages.some((stage) => SORT_STAGES.has(String(stage.stage))),
    detail: stages.length === 0 ? 'no winning plan in the explain answer' : stages.map(describe).join(' > '),
  };
}

function collectPlanners(node: unknown, found: Stage[], depth: number): void {
  if (depth > 8) return;
  if (Array.isArray(node)) {
    for (const item of node) collectPlanners(item, found, depth + 1);
    return;
  }
  if (!isObject(node)) return;
  if (isObject(node.queryPlanner)) {
    found.push(node.queryPlanner);
    return;
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'command') collectPlanners(value, found, depth + 1);
}

function walk(node: unknown, stages: Stage[]): void {
  if (!isObject(node)) return;
  if (isObject(node.queryPlan)) return walk(node.queryPlan, stages);
  if (typeof node.stage === 'string') stages.push(node);
  for (const key of ['inputStage', 'outerStage', 'innerStage', 'thenStage', 'elseStage']) walk(node[key], stages);
  for (const child of Array.isArray(node.inputStages) ? node.inputStages : []) walk(child, stages);
  for (const shard of Array.isArray(node.shards) ? node.shards : []) walk(isObject(shard) ? shard.winningPlan : undefined, stages);
}

function describe(stage: Stage): string {
  return stage.indexName ? `${String(stage.stage)} ${String(stage.indexName)}` : String(stage.stage);
}
