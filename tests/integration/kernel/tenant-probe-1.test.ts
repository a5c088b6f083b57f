import { describeTenantProbe } from './tenant-probe';

// Half of the route table (the other half: tenant-probe-2.test.ts).
describeTenantProbe(0, 2);
