/** A fault the sandbox API injects for requests under `pathPrefix` (src/sandbox/README.md). */
export type Fault = {
  readonly pathPrefix: string;
  readonly kind: 'delay' | 'status' | 'malformed' | 'oversized' | 'down';
  readonly status?: number;
  readonly ms?: number;
  readonly times?: number;
};

/** Injects a fault; throws when the sandbox refuses it. */
export const injectFault = async (api: string, fault: Fault): Promise<void> => {
  const res = await fetch(`${api}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (res.status !== 200)
    throw new Error(`the sandbox refused the fault (${res.status})`);
};

/** Removes every injected fault. */
export const clearFaults = async (api: string): Promise<void> => {
  await fetch(`${api}/__sandbox/faults`, { method: 'DELETE' });
};
