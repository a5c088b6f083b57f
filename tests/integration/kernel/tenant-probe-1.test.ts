import { describeTenantProbe } from './tenant-probe';

// A third of the route table (the others: the other tenant-probe-<n>.test.ts files).
describeTenantProbe(0, 3);
