// CTest mcp.sdk_client: the official MCP TypeScript SDK client (@modelcontextprotocol/sdk,
// pinned in package-lock.json) drives the real `recollector-cli mcp` on a fresh store, then the
// store is checked with `recollector-cli show --json` and `recollector-cli conflicts --json`
// (docs/cli.md, "mcp"). Usage: node client.mjs RECOLLECTOR_CLI. Never skips: a missing node
// module is a failure with the command that installs it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = process.argv[2];
if (!cli) {
  console.error('usage: node client.mjs RECOLLECTOR_CLI');
  process.exit(2);
}

let Client, StdioClientTransport;
try {
  ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
  ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
} catch (e) {
  console.error(`the MCP SDK is not installed (${e.message}); run: npm ci --prefix tests/mcp`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'recollector-mcp-sdk-'));
const store = join(dir, 'store.recollector');
const quietEnv = { ...process.env, QT_LOGGING_RULES: '*.debug=false;recollector.*=false' };

function recollectorJson(...args) {
  return JSON.parse(execFileSync(cli, ['--store', store, '--json', ...args], { env: quietEnv, encoding: 'utf8' }));
}

async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, false, `${name} failed: ${JSON.stringify(result.content)}`);
  assert.equal(result.content[0].type, 'text');
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  return result.structuredContent;
}

try {
  const transport = new StdioClientTransport({ command: cli, args: ['--store', store, 'mcp'], env: quietEnv, stderr: 'pipe' });
  const client = new Client({ name: 'recollector-sdk-test', version: '1.0.0' });
  await client.connect(transport); // initialize + notifications/initialized
  assert.equal(client.getServerVersion().name, 'recollector');
  assert.ok(client.getServerCapabilities().tools, 'tools capability');

  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['forget', 'get', 'list_recent', 'recall', 'reinforce', 'remember']);
  for (const t of tools) assert.equal(t.inputSchema.type, 'object', `${t.name} input schema`);

  // Three memories, the third contradicting the first.
  const deploy = await call(client, 'remember', {
    content: 'The team deploys with Kubernetes', keywords: ['deploy', 'kubernetes', 'cluster'], category: 'fact' });
  const pytest = await call(client, 'remember', {
    content: 'Unit tests run with pytest', keywords: ['testing', 'pytest', 'python'], category: 'fact', importance: 2 });
  const noDeploy = await call(client, 'remember', {
    content: 'The team does not deploy with Kubernetes', keywords: ['deploy', 'kubernetes', 'cluster'], category: 'fact' });
  for (const m of [deploy, pytest, noDeploy]) assert.equal(m.action, 'created');
  assert.equal(noDeploy.conflicts.length, 1);
  assert.match(noDeploy.message, /open conflict #\d+/);
  assert.deepEqual(new Set([noDeploy.conflicts[0].a, noDeploy.conflicts[0].b]), new Set([deploy.id, noDeploy.id]));

  const recalled = await call(client, 'recall', { query: 'how does the team deploy kubernetes' });
  const hit = recalled.results.find((r) => r.id === deploy.id);
  assert.ok(hit, `recall returned ${JSON.stringify(recalled.results.map((r) => r.id))}`);
  assert.equal(hit.content, 'The team deploys with Kubernetes');
  assert.ok(hit.strength > 0 && typeof hit.tier === 'string' && hit.why.includes('kubernetes'));

  // (recall may have reinforced it already: an associative hit is an association_hit)
  const before = (await call(client, 'get', { id: pytest.id })).memory.reinforceCount;
  const reinforced = await call(client, 'reinforce', { id: pytest.id, event: 'task_success' });
  assert.equal(reinforced.memory.reinforceCount, before + 1);
  const forgotten = await call(client, 'forget', { id: deploy.id });
  assert.equal(forgotten.memory.deleted, true);
  const again = await call(client, 'recall', { query: 'how does the team deploy kubernetes' });
  assert.ok(!again.results.some((r) => r.id === deploy.id), 'a forgotten memory is not recalled');

  const bad = await client.callTool({ name: 'get', arguments: { id: 'mem_NOSUCH' } });
  assert.equal(bad.isError, true);
  await client.close();

  // The store, as the user's tools see it.
  const shownTests = recollectorJson('show', pytest.id);
  assert.ok(shownTests.reinforceCount >= reinforced.memory.reinforceCount);
  assert.deepEqual([shownTests.history[0].kind, shownTests.history[0].actor], ['create', 'assistant']);
  assert.ok(shownTests.history.some((e) => e.kind === 'reinforce' && e.actor === 'assistant' && e.payload.event === 'task_success'),
    'the reinforce tool is an assistant decision');
  const shownDeploy = recollectorJson('show', deploy.id);
  assert.ok(shownDeploy.deletedAt, 'forget is a soft delete');
  assert.ok(shownDeploy.history.some((e) => e.kind === 'delete' && e.actor === 'assistant'));
  assert.ok(shownDeploy.history.some((e) => e.kind === 'access' && e.actor === 'assistant'), 'recall recorded the access');
  const conflicts = recollectorJson('conflicts');
  assert.equal(conflicts.length, 1);
  assert.equal(conflicts[0].status, 'open');
  assert.deepEqual(new Set([conflicts[0].a, conflicts[0].b]), new Set([deploy.id, noDeploy.id]));
  console.log('mcp.sdk_client: all checks passed');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
