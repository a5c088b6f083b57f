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
    '# Droits par défaut des rôles',
    '',
    '<!-- Fichier généré depuis DEFAULT_RIGHTS (server/modules/identity/roles.ts) : ne pas modifier à la main. -->',
    '',
    'Un rôle système reçoit ces droits **une seule fois, à sa création** (`ensureSystemRoles`, au démarrage).',
    'Ensuite, seul l\'écran « Droits par rôle » (`/admin/roles/rights`) fait foi : un redémarrage ne remet jamais',
    'les valeurs par défaut. Un utilisateur cumule les droits de tous ses rôles. Le super administrateur détient',
    'tous les droits, quoi qu\'indique la matrice. Les rôles personnalisés (`custom_<n>`) naissent sans droit.',
    '',
    '## Choix de l\'écran des rôles',
    '',
    '- Suppression d\'un rôle personnalisé utilisé : autorisée, après confirmation indiquant le nombre d\'utilisateurs ;',
    '  ils perdent ce rôle (lignes `user_role` et `role_right` supprimées en cascade) et gardent leurs autres rôles.',
    '  Un rôle système ne peut pas être supprimé (403 « Action non autorisée. »).',
    '- La route de suppression est ouverte à tout utilisateur connecté et vérifie `admin.roles` elle-même, pour répondre',
    '  le message de la spécification « Action non autorisée. » (JSON `{message}`) au lieu du message générique.',
    '- Enregistrements simultanés de la matrice : le formulaire porte l\'empreinte de l\'état affiché ; l\'enregistrement',
    '  verrouille les rôles, compare l\'empreinte et refuse (message d\'avertissement, rien n\'est écrit) si quelqu\'un a',
    '  enregistré entre-temps. Le libellé et la couleur d\'un rôle : le dernier enregistrement l\'emporte.',
    '- Les rôles sont communs à toutes les sociétés de l\'installation (la table `role` n\'a pas de `tenant_id`).',
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
