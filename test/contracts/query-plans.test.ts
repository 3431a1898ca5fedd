import { queryPlans } from './query-plans.suite.ts';

queryPlans('SQLite', () => ({ env: {}, cleanup: async () => undefined }));
