import type { DataSource } from 'typeorm';
import { saveAnswer, saveGroup, saveQuestion, type SaveResult } from '../../questionnaire/questionnaire.service';
import { createVgpForm, VGP_FORM_OWNER } from './forms.service';

/** The answers of every demo checkpoint: conforming, not conforming (an action within 30 days, level 2), not applicable. */
const ANSWERS = [
  { label: 'Conforme', conforming: true, color: 'green', createsAction: false, level: null, actionDelayDays: null },
  { label: 'Non conforme', conforming: false, color: 'red', createsAction: true, level: 2, actionDelayDays: 30 },
  { label: 'Sans objet', conforming: null, color: 'grey', createsAction: false, level: null, actionDelayDays: null },
] as const;

type DemoGroup = [name: string, checkpoints: string[]];

const LIFTING: DemoGroup[] = [
  ['Identification et documents', [
    'Plaque constructeur présente et lisible', 'Charge maximale d\'utilisation affichée', 'Notice d\'instructions disponible',
    'Carnet de maintenance tenu à jour', 'Rapport de la vérification précédente disponible',
  ]],
  ['Structure et charpente', [
    'Absence de déformation de la structure', 'Absence de fissure ou de corrosion', 'Assemblages boulonnés et soudures en bon état', 'Fixations et ancrages au sol',
  ]],
  ['Mécanismes de levage', [
    'Câbles ou chaînes sans usure excessive', 'Crochet avec linguet de sécurité', 'Freins de levage efficaces', 'Tambours et poulies en bon état', 'Réducteurs sans fuite d\'huile',
  ]],
  ['Dispositifs de sécurité', [
    'Limiteur de charge fonctionnel', 'Fins de course haut et bas', 'Arrêt d\'urgence accessible et efficace', 'Avertisseur sonore et lumineux',
    'Protections des organes mobiles en place', 'Commande à action maintenue',
  ]],
  ['Essais de fonctionnement', [
    'Essai à vide de tous les mouvements', 'Épreuve statique (charge d\'épreuve)', 'Épreuve dynamique', 'Maintien de la charge à l\'arrêt',
  ]],
];

const ELECTRICAL: DemoGroup[] = [
  ['Documents et registre', ['Schémas électriques à jour', 'Registre de sécurité tenu', 'Rapport de la vérification précédente disponible', 'Levée des observations précédentes']],
  ['Tableaux électriques', ['Tableaux fermés à clé', 'Repérage des circuits', 'Absence d\'échauffement anormal', 'Protection contre les contacts directs']],
  ['Protection des personnes', ['Dispositifs différentiels 30 mA testés', 'Continuité des conducteurs de protection', 'Valeur de la prise de terre mesurée', 'Liaisons équipotentielles']],
  ['Éclairage de sécurité', ['Blocs autonomes fonctionnels', 'Balisage des issues de secours', 'Autonomie d\'une heure vérifiée', 'Signalisation lisible']],
];

const EXTINGUISHER: DemoGroup[] = [
  ['Identification', ['Étiquette de vérification à jour', 'Type adapté au risque', 'Numéro de série lisible', 'Date de fabrication de moins de 20 ans']],
  ['État général', ['Absence de corrosion ou de choc', 'Goupille et scellé en place', 'Manomètre dans la zone verte', 'Flexible et diffuseur en bon état']],
  ['Accessibilité et signalisation', ['Extincteur accessible et dégagé', 'Panneau de signalisation en place', 'Poignée à 1,20 m du sol au plus', 'Consignes d\'utilisation lisibles']],
];

const FORMS: Array<[name: string, groups: DemoGroup[]]> = [
  ['VGP appareil de levage', LIFTING],
  ['Installation électrique', ELECTRICAL],
  ['Extincteur', EXTINGUISHER],
];

const idOf = (r: SaveResult): number => {
  if (!r.ok) throw new Error('control form demo: refused save');
  return r.id;
};

async function seedForm(db: DataSource, tenantId: number, name: string, groups: DemoGroup[]): Promise<void> {
  // A form the company renamed, or put in the trash, is not given again.
  const [exists] = await db.query('SELECT 1 FROM questionnaire WHERE tenant_id = $1 AND owner_type = $2 AND name = $3', [tenantId, VGP_FORM_OWNER, name]);
  if (exists) return;
  const formId = await createVgpForm(db, tenantId, { name, version: 0 });
  for (const [gi, [groupName, checkpoints]] of groups.entries()) {
    const groupId = idOf(await saveGroup(db, tenantId, { questionnaireId: formId }, { name: groupName, width: 12, position: gi + 1, removeHelpFile: false, version: 0 }));
    for (const [qi, label] of checkpoints.entries()) {
      const questionId = idOf(await saveQuestion(db, tenantId, { groupId }, {
        label, answerType: 'radio', required: true, displayLabel: true, toExport: true, width: 12, position: qi + 1, version: 0,
      }));
      for (const [ai, a] of ANSWERS.entries()) await saveAnswer(db, tenantId, { questionId }, { ...a, points: null, position: ai + 1, version: 0 });
    }
  }
}

/** The demo company's control forms (lifting gear, electrical installation, fire extinguisher); idempotent per company. */
export async function seedVgpFormsDemo(db: DataSource, tenantId: number): Promise<void> {
  for (const [name, groups] of FORMS) await seedForm(db, tenantId, name, groups);
}
