import type { ModuleDef } from '../kernel/module';
import { kernelModule } from './kernel/kernel.routes';
import { identityModule } from './identity/identity.routes';
import { fileManagerModule } from './file-manager/file-manager.routes';
import { adminUsersModule } from './admin-users/admin-users.routes';
import { hierarchyModule } from './hierarchy/hierarchy.routes';
import { adminSettingsModule } from './admin-settings/admin-settings.routes';
import { adminTrashModule } from './admin-trash/admin-trash.routes';
import { adminAuditModule } from './admin-audit/admin-audit.routes';
import { adminOutboxModule } from './admin-outbox/admin-outbox.routes';
import { adminRolesModule } from './admin-roles/admin-roles.routes';
import { accountAccessModule } from './account-access/account-access.routes';
import { userSignatureModule } from './user-signature/user-signature.routes';
import { adminUserImportModule } from './admin-user-import/admin-user-import.routes';
import { userGoalsModule } from './user-goals/user-goals.routes';
import { nomenclatureModule } from './nomenclature/nomenclature.routes';
import { questionnaireModule } from './questionnaire/questionnaire.routes';
import { actionPlanModule } from './action-plan/action-plan.routes';
import { eventModule } from './event/event.routes';
import { crmModule } from './crm/crm.routes';
import { preventionAdminModule } from './prevention-admin/prevention-admin.routes';
import { preventionPlanModule } from './prevention-plan/prevention-plan.routes';
import { planDocumentModule } from './plan-document/plan-document.routes';
import { riskAnalysisModule } from './risk-analysis/risk-analysis.routes';
import { securityProtocolModule } from './security-protocol/security-protocol.routes';
import { ppspsModule } from './ppsps/ppsps.routes';
import { zoneMapModule } from './zone-map/zone-map.routes';
import { workOrderModule } from './work-order/work-order.routes';
import { permitModule } from './permit/permit.routes';
import { hrModule } from './hr/hr.routes';
import { projectModule } from './project/project.routes';
import { calendarModule } from './calendar/calendar.routes';
import { riskEvaluationModule } from './risk-evaluation/risk-evaluation.routes';
import { equipmentModule } from './equipment/equipment.routes';
import { wasteModule } from './waste/waste.routes';
import { lockoutModule } from './lockout/lockout.routes';

/** Every module of the application, in menu order. A new module adds one line here. */
export const MODULES: ModuleDef[] = [
  kernelModule,
  identityModule,
  fileManagerModule,
  adminUsersModule,
  hierarchyModule,
  adminSettingsModule,
  adminTrashModule,
  adminAuditModule,
  adminOutboxModule,
  adminRolesModule,
  accountAccessModule,
  userSignatureModule,
  adminUserImportModule,
  userGoalsModule,
  nomenclatureModule,
  questionnaireModule,
  actionPlanModule,
  eventModule,
  crmModule,
  preventionAdminModule,
  preventionPlanModule,
  planDocumentModule,
  riskAnalysisModule,
  securityProtocolModule,
  ppspsModule,
  zoneMapModule,
  workOrderModule,
  permitModule,
  hrModule,
  projectModule,
  calendarModule,
  riskEvaluationModule,
  equipmentModule,
  wasteModule,
  lockoutModule,
];
