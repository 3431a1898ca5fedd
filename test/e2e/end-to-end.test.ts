import { endToEndSuite } from './support/end-to-end.suite.ts';

// The suite `npm run test:servers` runs over KurrentDB and MongoDB, here over the embedded stores of one DATA_DIR.
endToEndSuite('embedded stores', async () => ({ env: {}, cleanup: async () => undefined }));
