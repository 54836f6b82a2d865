import * as v from 'valibot';

/**
 * An island's props as the server writes them into its mark's attribute (JSON), and read back
 * in the browser through the island's schema: undefined for a missing, malformed or foreign
 * value, never a throw.
 */
export const parseIslandData = <S extends v.GenericSchema<unknown, unknown>>(
  schema: S,
  text: string | null | undefined,
): v.InferOutput<S> | undefined => {
  if (!text) return undefined;
  try {
    const parsed = v.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
};
