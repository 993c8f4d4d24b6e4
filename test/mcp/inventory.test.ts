// Issue #24, "One tool inventory": src/mcp/tools/index.ts is the one list of tools. The server lists its
// brain rows, the CLI groups run its verbs, and the README's tool sections and verb lines say the same.
// The contract's names stay written out in test/helpers/tool-names.ts, independent of src/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handoverGroup } from '../../src/cli/commands/handover.js';
import { issueGroup } from '../../src/cli/commands/issue.js';
import { workGroup } from '../../src/cli/commands/work.js';
import { brainTools, TOOL_INVENTORY, workerTools } from '../../src/mcp/tools/index.js';
import { connect } from '../helpers/mcp.js';
import { BRAIN_TOOL_NAMES } from '../helpers/tool-names.js';

const README = readFileSync('README.md', 'utf8');
/** The README's section of each brain tool group, and its heading's count. */
const SECTIONS = { handover: 'Handover', work: 'Work', issue: 'Issues' } as const;

function section(title: string): { count: number; text: string } {
  const m = new RegExp(`^### ${title} \\((\\d+)\\)\\n([\\s\\S]*?)(?=^### |^## )`, 'm').exec(README);
  expect(m, `README has "### ${title} (N)"`).not.toBeNull();
  return { count: Number(m![1]), text: m![2]! };
}

describe('the tool inventory', () => {
  it('is the contract: its brain rows are the 25 names written out in the tests, in the listed order', async () => {
    expect(brainTools.map((t) => t.name)).toEqual([...BRAIN_TOOL_NAMES]);
    const { client, close } = await connect();
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([...BRAIN_TOOL_NAMES]);
    await close();
  });

  it('holds each tool once; person tools are CLI verbs, worker tools no verb, and no brain sees either', () => {
    const names = TOOL_INVENTORY.map((e) => e.tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(TOOL_INVENTORY.filter((e) => e.surface === 'person').map((e) => e.tool.name)).toEqual(['issue_list', 'handover_retire']);
    for (const e of TOOL_INVENTORY.filter((r) => r.surface === 'person')) expect(e.verb, e.tool.name).toBeTruthy();
    for (const e of TOOL_INVENTORY.filter((r) => r.surface === 'worker')) expect(e.verb, e.tool.name).toBeUndefined();
    expect(workerTools.map((t) => t.name).every((n) => /^(git|issue_backend)_/.test(n))).toBe(true);
  });

  it('gives the CLI groups their verbs, the same definitions', () => {
    for (const group of [handoverGroup, workGroup, issueGroup]) {
      const rows = TOOL_INVENTORY.filter((e) => e.verb && e.tool.name.startsWith(`${group.name}_`));
      expect(Object.keys(group.verbs), group.name).toEqual(rows.map((e) => e.verb));
      for (const e of rows) expect(group.verbs[e.verb!], e.verb).toBe(e.tool);
    }
  });

  it.each(Object.entries(SECTIONS))(
    "the README's %s section counts and names the inventory's brain tools of that group",
    (group, title) => {
      const { count, text } = section(title);
      const tools = TOOL_INVENTORY.filter((e) => e.surface === 'brain' && e.tool.name.startsWith(`${group}_`)).map((e) => e.tool.name);
      expect(count).toBe(tools.length);
      for (const t of tools) expect(text, `${t} is named under "### ${title}"`).toMatch(new RegExp(`\`${t}\\b`));
    },
  );

  it("the README's verb lines are the CLI verbs of the inventory (and the verbs run outside it)", () => {
    const extra: Record<string, string[]> = { issue: issueGroup.extraVerbs ?? [], handover: handoverGroup.extraVerbs ?? [] };
    for (const group of ['handover', 'work', 'issue']) {
      const line = new RegExp(`^butler ${group} ([\\w|-]+) `, 'm').exec(README)?.[1] ?? '';
      const verbs = TOOL_INVENTORY.filter((e) => e.verb && e.tool.name.startsWith(`${group}_`)).map((e) => e.verb);
      expect(line.split('|'), group).toEqual([...verbs, ...(extra[group] ?? [])]);
    }
  });
});
