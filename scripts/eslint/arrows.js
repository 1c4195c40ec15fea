// ESLint rule `storymade/arrows`: imports must follow the arrows of docs/architecture.md.
//   book/, contract/   import nothing of ours, but for one file: contract/ takes the shop's
//                      languages from book/languages.ts (one definition the book and the API share)
//   machines/          may import contract/ and book/
//   src/               may import machines/, book/, contract/
//   server/            may import book/, contract/
//   src/features/<a>   never imports another feature (shared needs go to ui/, lib/)
// Inside server/ (a floor imports its own and the floors below it, never one above):
//   app.ts, index.ts, env.ts, shop-jobs.ts   the composition root: may import anything of server/
//   routes/, web/, middleware/               the HTTP side: services, platform, db
//   services/<module>/                       the shop's modules: other modules, platform, db
//   platform/, db/                           the plumbing (job runner, mail transport, limits,
//                                            log, paths) and the tables: import no module
// An import that leaves its own folder is written as a subpath import (#server/…, #src/…,
// package.json "imports"), never as '../': the path says where the file lives, whatever imports it.
import path from 'node:path';

const ROOT = process.cwd();
const LAYERS = ['book', 'contract', 'machines', 'src', 'server', 'tests', 'e2e', 'scripts'];
const ALLOWED = {
  book: ['book'],
  contract: ['contract'],
  machines: ['machines', 'contract', 'book'],
  src: ['src', 'machines', 'book', 'contract'],
  server: ['server', 'book', 'contract'],
};
/** The files of a layer another layer may import although its arrow does not point there. */
const SHARED = { contract: ['book/languages.ts'] };
/** The floors of server/, lowest first; a file may import its own floor and the ones below. */
const SERVER_FLOORS = [
  ['runtime', 'platform', 'db', 'types'],
  ['services'],
  ['routes', 'web', 'middleware'],
];
/** The server's floor of a path's parts (['server', 'routes', …]): the root files are the top. */
function serverFloor(parts) {
  if (parts[0] !== 'server') return null;
  const index = SERVER_FLOORS.findIndex((floor) => floor.includes(parts[1]));
  return index === -1 ? SERVER_FLOORS.length : index;
}
const ALIASES = {
  '#book/': 'book',
  '#contract/': 'contract',
  '#machines/': 'machines',
  '#server/': 'server',
  '#src/': 'src',
};

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  return LAYERS.includes(rel[0]) ? { layer: rel[0], parts: rel } : null;
}

function featureOf(parts) {
  return parts[0] === 'src' && parts[1] === 'features' ? parts[2] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const arrows = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the arrows between folders (docs/architecture.md).' },
    messages: {
      layer: "'{{from}}/' may not import from '{{to}}/' (see the arrows in docs/architecture.md).",
      feature:
        "Feature '{{from}}' may not import feature '{{to}}': move the shared part to ui/ or lib/.",
      up: 'server/{{from}}/ may not import server/{{to}}: the arrows inside server/ point down (routes -> services -> platform, db; see scripts/eslint/arrows.js).',
      parent:
        "Write an import that leaves its folder as a subpath import ('{{alias}}…'), not '../'.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = layerOf(file);
    if (!here || !ALLOWED[here.layer]) return {};
    function check(node, source) {
      if (typeof source !== 'string') return;
      let targetParts = null;
      const alias = Object.keys(ALIASES).find((prefix) => source.startsWith(prefix));
      if (alias) {
        targetParts = [ALIASES[alias], ...source.slice(alias.length).split('/')];
      } else if (source.startsWith('.')) {
        if (source.startsWith('../')) {
          context.report({
            node,
            messageId: 'parent',
            data: { alias: `#${here.layer}/` },
          });
        }
        const resolved = path.resolve(path.dirname(file), source);
        const target = layerOf(resolved);
        if (!target) return;
        targetParts = target.parts;
      } else {
        return; // a package
      }
      const to = targetParts[0];
      const shared = (SHARED[here.layer] ?? []).includes(targetParts.join('/'));
      if (!ALLOWED[here.layer].includes(to) && !shared) {
        context.report({ node, messageId: 'layer', data: { from: here.layer, to } });
        return;
      }
      const fromFloor = serverFloor(here.parts);
      const toFloor = serverFloor(targetParts);
      if (fromFloor !== null && toFloor !== null && toFloor > fromFloor) {
        const name = (parts) => (parts.length > 2 ? parts[1] : parts[1].replace(/\.tsx?$/, ''));
        context.report({
          node,
          messageId: 'up',
          data: { from: name(here.parts), to: targetParts.slice(1).join('/') },
        });
        return;
      }
      const fromFeature = featureOf(here.parts);
      const toFeature = featureOf(targetParts);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({ node, messageId: 'feature', data: { from: fromFeature, to: toFeature } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
