/** See os-thread.mjs. */
export declare function osThreadId(): number | undefined;
export declare function threadCpuSeconds(threadId: number): number | undefined;
export declare function cpuSecondsOfStat(stat: string): number | undefined;
