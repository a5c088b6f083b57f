import { describeTenantProbe } from './tenant-probe';

// Half of the route table (the other half: tenant-probe-1.test.ts).
describeTenantProbe(1, 2);
