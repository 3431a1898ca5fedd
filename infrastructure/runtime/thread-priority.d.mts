/** See thread-priority.mjs. */
export declare function niceThisThread(nice: number): boolean;
