// The import map of issue 17 (README "Architecture"), checked by `pnpm lint`.
// Packages, bottom to top: @mcp-admin/core, @mcp-admin/api, apps/server; apps/web and
// packages/client import only types from @mcp-admin/api.
// Core folders, bottom to top: src/*.ts helpers and schemas/; config/, cli/; the peers check/,
// login/, transfer/, switch/, permissions/, registry/; service/; src/index.ts. testing/ serves tests only.
// Inside service/, bottom to top: engine/; history/; contract/; the capabilities (entries/, switches/,
// profiles/, permissions/, checks/, sessions/, sign-in/, registry/, reads/), which import each other one
// way only (no-folder-cycle); the facade (mcp-admin.ts, index.ts) on top.
const core = '^packages/mcp-core/src/';
const helpers = `${core}([^/]+\\.ts|schemas/)`;
const layerOne = `${core}(config|cli)/`;
const peers = `${core}(check|login|transfer|switch|permissions|registry|keychain)/`;
const service = `${core}service/`;
const facade = `${service}[^/]+\\.ts$`;
const publicApi = `${core}index\\.ts$`;
const testing = `${core}testing/`;
const web = '^apps/web/src/';

// Known violations, deleted by the lead once the issue-17 branches are merged: the module-level
// ones are in .dependency-cruiser-known-violations.json (`--ignore-known`); dependency-cruiser
// does not apply that baseline to folder rules, so a known folder cycle would be listed here
// (none left: service/ ↔ switch/ is untangled).
const knownFolderCycles = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-unresolvable-import',
      severity: 'error',
      comment:
        "An import of a package the importer does not depend on cannot be resolved: the package rules below would not see it. Sources only: the client's consumer-app test imports the package as built (dist/, absent on a fresh clone until its test builds it).",
      from: { path: '^(packages|apps)/[^/]+/src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'A module must not reach itself through its imports.',
      from: { path: '^(packages|apps)/' },
      // Type-only imports vanish at build time; a cycle of them does not order loading.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Two folders must not import each other (move the shared piece down).',
      scope: 'folder',
      from: { path: '^(packages/[^/]+/src|apps/[^/]+/src)/[^/]+', pathNot: knownFolderCycles },
      to: { circular: true },
    },
    {
      name: 'core-helpers-import-only-helpers',
      severity: 'error',
      comment: 'src/*.ts helpers and schemas/ are the bottom layer of @mcp-admin/core.',
      from: { path: helpers, pathNot: publicApi },
      to: { path: `${core}[^/]+/`, pathNot: `${core}schemas/` },
    },
    {
      name: 'core-config-cli-import-down',
      severity: 'error',
      comment: 'config/ and cli/ import only the helpers and schemas/ below them (and not each other).',
      from: { path: layerOne },
      to: { path: `${core}[^/]+/`, pathNot: [`${core}schemas/`, `${core}$1/`] },
    },
    {
      name: 'core-peers-import-down',
      severity: 'error',
      comment:
        'check/, login/, transfer/, switch/, permissions/, registry/ import config/, cli/ and the helpers, never a peer or a layer above.',
      from: { path: peers },
      to: { path: `${core}[^/]+/`, pathNot: [`${core}(schemas|config|cli)/`, `${core}$1/`] },
    },
    {
      name: 'core-service-imports-down',
      severity: 'error',
      comment: 'service/ never imports the public index or testing/.',
      from: { path: service },
      to: { path: [publicApi, testing] },
    },
    {
      name: 'service-engine-imports-no-capability',
      severity: 'error',
      comment: 'service/engine/ is what every change runs on: it imports nothing else of service/.',
      from: { path: `${service}engine/` },
      to: { path: service, pathNot: `${service}engine/` },
    },
    {
      name: 'service-history-imports-only-engine',
      severity: 'error',
      comment: 'service/history/ sits on the engine only; capabilities register their undo into it.',
      from: { path: `${service}history/` },
      to: { path: service, pathNot: `${service}(engine|history)/` },
    },
    {
      name: 'service-contract-imports-engine-history',
      severity: 'error',
      comment: "service/contract/ (McpAdmin's types) sits on the engine and the history only.",
      from: { path: `${service}contract/` },
      to: { path: service, pathNot: `${service}(engine|history|contract)/` },
    },
    {
      name: 'service-facade-on-top',
      severity: 'error',
      comment: 'Nothing in a service/ folder imports the facade (mcp-admin.ts, index.ts).',
      from: { path: `${service}[^/]+/` },
      to: { path: facade },
    },
    {
      name: 'service-folder-through-its-index',
      severity: 'error',
      comment: 'Another service/ folder is imported through its index.ts, never past it.',
      from: { path: `${service}([^/]+)/` },
      to: {
        path: `${service}[^/]+/`,
        pathNot: [`${service}$1/`, `${service}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'service-facade-through-indexes',
      severity: 'error',
      comment: 'The facade imports each service/ folder through its index.ts.',
      from: { path: facade },
      to: { path: `${service}[^/]+/`, pathNot: `${service}[^/]+/index\\.ts$` },
    },
    {
      name: 'core-source-never-imports-testing',
      severity: 'error',
      comment: 'testing/ serves tests only.',
      from: { path: core, pathNot: testing },
      to: { path: testing },
    },
    {
      name: 'core-folder-through-its-index',
      severity: 'error',
      comment: 'Another folder is imported through its index.ts, never past it.',
      from: { path: `${core}([^/]+)/` },
      to: {
        path: `${core}[^/]+/`,
        pathNot: [`${core}$1/`, `${core}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'core-imports-no-workspace-package',
      severity: 'error',
      comment: '@mcp-admin/core is the bottom package.',
      from: { path: '^packages/mcp-core/' },
      to: { path: '^(apps/|packages/(?!mcp-core/))' },
    },
    {
      name: 'api-imports-only-core',
      severity: 'error',
      comment: '@mcp-admin/api sits on @mcp-admin/core only.',
      from: { path: '^packages/api/' },
      to: { path: '^(apps/|packages/(?!(api|mcp-core)/))' },
    },
    {
      name: 'server-imports-no-browser-package',
      severity: 'error',
      comment: 'apps/server hosts @mcp-admin/api; it never imports the panel or the client.',
      from: { path: '^apps/server/' },
      to: { path: '^(apps/web/|packages/client/)' },
    },
    {
      name: 'browser-never-imports-server-app',
      severity: 'error',
      comment: 'apps/web and packages/client depend on @mcp-admin/api, never on an app.',
      from: { path: '^(apps/web|packages/client)/src/' },
      to: { path: '^apps/(?!web/)' },
    },
    {
      name: 'browser-imports-api-types-only',
      severity: 'error',
      comment:
        'apps/web and packages/client take only types (AppRouter, RouterInputs, RouterOutputs) from @mcp-admin/api.',
      from: { path: '^(apps/web|packages/client)/src/' },
      to: { path: '^packages/api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-ui-imports-only-ui',
      severity: 'error',
      comment: 'ui/ is the bottom of the panel.',
      from: { path: `${web}ui/` },
      to: { path: web, pathNot: `${web}ui/` },
    },
    {
      name: 'web-nothing-imports-the-top',
      severity: 'error',
      comment: 'App.tsx and main.tsx sit on top of the panel.',
      from: { path: web },
      to: { path: `${web}(App|main)\\.tsx$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    extraExtensionsToScan: ['.tsx'],
  },
};
