import fs from 'node:fs';
import path from 'node:path';
import { RIGHTS_CATALOGUE } from '../../kernel/rights/catalogue';
import { DEFAULT_RIGHTS, SYSTEM_ROLES, defaultRightsOf } from '../identity/roles';

type Tree = { [k: string]: string | Tree };

/** Path of the generated document. */
export const RIGHTS_DOC = path.join(__dirname, '..', '..', '..', 'docs', `rights.md`);

function frenchCatalogue(domain: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'translations', 'fr', `${domain}.json`), 'utf8'));
}

function lookup(tree: Tree, key: string): string {
  const v = key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree);
  return typeof v === 'string' ? v : key;
}

/**
 * `docs/rights.md`: the default rights of each system role, from {@link DEFAULT_RIGHTS} and the
 * French labels. Checked by `rights-doc.test.ts`; rewrite it with
 * `UPDATE_RIGHTS_DOC=1 npx jest --selectProjects unit -- rights-doc`.
 */
export function renderRightsDoc(): string {
  const rights = frenchCatalogue('rights');
  const roles = frenchCatalogue('roles');
  const out: string[] = [
    '# Rôles et droits par défaut',
    '',
    '<!-- Fichier généré depuis DEFAULT_RIGHTS (server/modules/identity/roles.ts) : ne pas modifier à la main. -->',
    '',
    '## Modèle : chaque société a ses rôles',
    '',
    '- Chaque société a ses propres rôles : les 16 rôles de la spécification, créés dans la société à sa création',
    '  (ou au démarrage suivant, `ensureSystemRoles`, pour une société créée hors de l\'application) avec les droits',
    '  par défaut ci-dessous, et ses rôles personnalisés (`custom_<n>`), qui naissent sans droit.',
    '- Les droits d\'un rôle se règlent dans l\'écran « Droits par rôle » (`/admin/roles/rights`) de la société active et ne',
    '  valent que dans cette société. Un redémarrage ne remet jamais les valeurs par défaut.',
    '- Les rôles d\'un utilisateur sont eux aussi propres à chaque société : un administrateur les choisit, dans l\'écran',
    '  des utilisateurs, parmi les rôles de sa société. Un utilisateur qui appartient à plusieurs sociétés a, dans celle où',
    '  il travaille (la société active), les rôles qu\'elle lui a donnés et les droits qu\'elle donne à ces rôles ; il cumule',
    '  les droits de tous ses rôles de cette société. Le super administrateur détient tous les droits, quoi qu\'indique la',
    '  matrice, dans les sociétés où il a ce rôle.',
    '- Un administrateur d\'une société ne change donc jamais ce que peuvent faire les utilisateurs d\'une autre : les écrans',
    '  des rôles ne montrent et ne modifient que les rôles de la société active ; un rôle d\'une autre société répond 404',
    '  (modification, suppression) et son identifiant est ignoré par l\'enregistrement de la matrice. Le sondage',
    '  inter-sociétés (`tests/integration/kernel/tenant-probe.test.ts`) essaie ces routes avec les rôles d\'une autre société.',
    '- Pourquoi pas des rôles communs avec des droits par société : les rôles d\'un utilisateur partagé entre deux sociétés,',
    '  le libellé et la couleur d\'un rôle resteraient communs, et l\'administrateur de l\'une les changerait pour l\'autre.',
    '- Passage à ce modèle (migration `MakeRolesPerCompany`) : chaque société a reçu une copie de chaque rôle existant',
    '  (système et personnalisé) avec ses droits, et chaque utilisateur a gardé ses rôles dans chacune de ses sociétés :',
    '  personne n\'a gagné ni perdu un droit. Une société peut ensuite supprimer les rôles personnalisés qui ne la concernent pas.',
    '',
    '## Séparation des tâches',
    '',
    '- Un droit dit qui peut approuver ; il ne permet jamais d\'approuver sa propre demande ni de signer sous deux rôles :',
    '  congés, clôture des actions, validation des documents, signatures des bons de travail et des permis. Les règles,',
    '  leurs messages et les décisions prises sont dans `docs/separation-of-duties.md`.',
    '- Prise de main (`allowed_to_switch`) : jamais sur un compte qui détient un droit que l\'on n\'a pas (super',
    '  administrateur excepté) ; voir `docs/account-access.md`.',
    '',
    '## Choix de l\'écran des rôles',
    '',
    '- Suppression d\'un rôle personnalisé utilisé : autorisée, après confirmation indiquant le nombre d\'utilisateurs ;',
    '  ils perdent ce rôle (lignes `user_role` et `role_right` supprimées en cascade) et gardent leurs autres rôles.',
    '  Un rôle système ne peut pas être supprimé (403 « Action non autorisée. »).',
    '- La route de suppression est ouverte à tout utilisateur connecté et vérifie `admin.roles` elle-même, pour répondre',
    '  le message de la spécification « Action non autorisée. » (JSON `{message}`) au lieu du message générique.',
    '- Enregistrements simultanés de la matrice : le formulaire porte l\'empreinte de l\'état affiché des rôles de la société ;',
    '  l\'enregistrement verrouille ces rôles, compare l\'empreinte et refuse (message d\'avertissement, rien n\'est écrit) si',
    '  quelqu\'un de la même société a enregistré entre-temps ; un enregistrement dans une autre société ne gêne pas.',
    '  Le libellé et la couleur d\'un rôle : le dernier enregistrement l\'emporte.',
    '',
    '## Résumé',
    '',
    '| Rôle | Code | Nombre de droits |',
    '| --- | --- | ---: |',
  ];
  for (const r of SYSTEM_ROLES) out.push(`| ${lookup(roles, r.code)} | \`${r.code}\` | ${r.code === 'super_admin' ? 'tous' : defaultRightsOf(r.code).length} |`);
  for (const r of SYSTEM_ROLES) {
    out.push('', `## ${lookup(roles, r.code)} (\`${r.code}\`)`, '');
    if (r.code === 'super_admin') {
      out.push('Tous les droits, y compris ceux ajoutés plus tard au catalogue.');
      continue;
    }
    const held = new Set(DEFAULT_RIGHTS[r.code] ?? []);
    out.push('| Module | Droits |', '| --- | --- |');
    for (const [group, names] of Object.entries(RIGHTS_CATALOGUE)) {
      const mine = names.filter((n) => held.has(n));
      if (mine.length) out.push(`| ${lookup(rights, `groups.${group}`)} | ${mine.map((n) => `${lookup(rights, n)} (\`${n}\`)`).join(' ; ')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}
