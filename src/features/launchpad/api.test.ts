import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { launchpadDetailSchema } from './api.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ controls: false });
});
afterAll(() => sandbox.close());

/** A project's detail as the sandbox API answers it, before the schema. */
const detail = async (id: string): Promise<Record<string, unknown>> => {
  const res = await fetch(`${sandbox.url}/api/v1/launchpad/projects/${id}`);
  return ((await res.json()) as { result: Record<string, unknown> }).result;
};

describe('launchpadDetailSchema', () => {
  it("keeps a project's http(s) links", async () => {
    const raw = await detail('aurora-chain');
    const project = v.parse(launchpadDetailSchema, raw);
    expect(project.website).toBe(new URL(String(raw.website)).href);
    expect(
      Object.values(project.links).every((l) => /^https:\/\//.test(l ?? '')),
    ).toBe(true);
  });

  it('drops each unsafe or missing link and keeps the rest of the project', async () => {
    const raw = await detail('aurora-chain');
    const links = raw.links as Record<string, string>;
    const project = v.parse(launchpadDetailSchema, {
      ...raw,
      website: ' JavaScript:alert(document.cookie)',
      links: {
        whitepaper: 'data:text/html,<script>alert(1)</script>',
        explorer: '//evil.example/tx',
        x: links.x,
      },
    });
    expect(project.website).toBeUndefined();
    expect(project.links).toEqual({
      whitepaper: undefined,
      explorer: undefined,
      x: links.x,
      telegram: undefined,
    });
    expect(project.name).toBe(raw.name);
    expect(project.tiers.length).toBeGreaterThan(0);
  });
});
