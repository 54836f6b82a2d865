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

/**
 * One kind of island: the attribute that marks its element in the server's HTML and carries
 * what the widget needs. No client component is rendered for it, so it costs the page's first
 * JS nothing; the widgets chunk finds the marked elements (lib/client/use-islands.ts).
 */
export type IslandMark<P> = {
  readonly attribute: string;
  /** The attribute with `props` as JSON, to spread on the server's element. */
  readonly mark: (props: P) => Record<string, string>;
  /** The props from an attribute's value, or undefined when it is not this island's. */
  readonly parse: (text: string | null | undefined) => P | undefined;
};

export const islandMark = <P>(
  attribute: string,
  schema: v.GenericSchema<unknown, P>,
): IslandMark<P> => ({
  attribute,
  mark: (props) => ({ [attribute]: JSON.stringify(props) }),
  parse: (text) => parseIslandData(schema, text),
});
