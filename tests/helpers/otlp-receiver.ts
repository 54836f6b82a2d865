import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

import protobuf from 'protobufjs';

/**
 * An OTLP/HTTP trace receiver on loopback for tests and benchmarks: takes `POST /v1/traces`
 * (http/protobuf, as the site's exporter sends it; gzip or not), decodes each export with
 * protobufjs against the OTLP trace messages (the fields of opentelemetry-proto's
 * `trace/v1/trace.proto` the checks read) and keeps the spans. `decode: false` only counts the
 * exports (a benchmark's receiver, which must not cost the machine a decode per batch).
 */

/** opentelemetry-proto's ExportTraceServiceRequest, the fields read here (numbers as in the spec). */
const OTLP_TRACE = protobuf.Root.fromJSON({
  nested: {
    ExportTraceServiceRequest: {
      fields: {
        resourceSpans: { rule: 'repeated', type: 'ResourceSpans', id: 1 },
      },
    },
    ResourceSpans: {
      fields: {
        resource: { type: 'Resource', id: 1 },
        scopeSpans: { rule: 'repeated', type: 'ScopeSpans', id: 2 },
      },
    },
    Resource: {
      fields: { attributes: { rule: 'repeated', type: 'KeyValue', id: 1 } },
    },
    ScopeSpans: {
      fields: {
        scope: { type: 'InstrumentationScope', id: 1 },
        spans: { rule: 'repeated', type: 'Span', id: 2 },
      },
    },
    InstrumentationScope: { fields: { name: { type: 'string', id: 1 } } },
    Span: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        parentSpanId: { type: 'bytes', id: 4 },
        name: { type: 'string', id: 5 },
        kind: { type: 'int32', id: 6 },
        startTimeUnixNano: { type: 'fixed64', id: 7 },
        endTimeUnixNano: { type: 'fixed64', id: 8 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 9 },
        status: { type: 'Status', id: 15 },
      },
    },
    Status: {
      fields: {
        message: { type: 'string', id: 2 },
        code: { type: 'int32', id: 3 },
      },
    },
    KeyValue: {
      fields: {
        key: { type: 'string', id: 1 },
        value: { type: 'AnyValue', id: 2 },
      },
    },
    AnyValue: {
      fields: {
        stringValue: { type: 'string', id: 1 },
        boolValue: { type: 'bool', id: 2 },
        intValue: { type: 'int64', id: 3 },
        doubleValue: { type: 'double', id: 4 },
      },
    },
  },
}).lookupType('ExportTraceServiceRequest');

export type AttributeValue = string | number | boolean;

/** A received span, ids in lowercase hex as in `traceparent`. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  resource: Record<string, AttributeValue>;
  scope: string;
  statusCode: number;
};

type KeyValue = {
  key?: string;
  value?: {
    stringValue?: string;
    boolValue?: boolean;
    intValue?: string;
    doubleValue?: number;
  };
};
type DecodedSpan = {
  traceId?: Uint8Array;
  spanId?: Uint8Array;
  parentSpanId?: Uint8Array;
  name?: string;
  kind?: number;
  attributes?: KeyValue[];
  status?: { code?: number };
};
type Decoded = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: DecodedSpan[] }[];
  }[];
};

const hex = (bytes: Uint8Array | undefined) =>
  bytes ? Buffer.from(bytes).toString('hex') : '';

const attributesOf = (list: KeyValue[] | undefined) => {
  const out: Record<string, AttributeValue> = {};
  for (const { key, value } of list ?? []) {
    if (key === undefined || value === undefined) continue;
    const v =
      value.stringValue ??
      value.boolValue ??
      (value.intValue === undefined ? undefined : Number(value.intValue)) ??
      value.doubleValue;
    if (v !== undefined) out[key] = v;
  }
  return out;
};

/** The spans of one OTLP/HTTP protobuf export body. */
export const decodeTraceExport = (body: Uint8Array): ReceivedSpan[] => {
  const message = OTLP_TRACE.decode(body);
  const decoded = OTLP_TRACE.toObject(message, {
    longs: String,
    defaults: false,
  }) as Decoded;
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of decoded.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? [])
      for (const span of scopeSpans.spans ?? [])
        spans.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          name: span.name ?? '',
          kind: span.kind ?? 0,
          attributes: attributesOf(span.attributes),
          resource,
          scope: scopeSpans.scope?.name ?? '',
          statusCode: span.status?.code ?? 0,
        });
  }
  return spans;
};

export type OtlpReceiver = {
  /** The base URL for OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` is added by the exporter). */
  url: string;
  spans: ReceivedSpan[];
  /** Export requests received (each one batch). */
  exports: () => number;
  /** Content types of the exports received. */
  contentTypes: Set<string>;
  close: () => Promise<void>;
};

const MAX_BODY = 16 * 1024 * 1024;

export const startOtlpReceiver = async (
  options: { decode?: boolean } = {},
): Promise<OtlpReceiver> => {
  const decode = options.decode ?? true;
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  let exports = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (
        req.method !== 'POST' ||
        req.url !== '/v1/traces' ||
        size > MAX_BODY
      ) {
        res.writeHead(req.url === '/v1/traces' ? 413 : 404).end();
        return;
      }
      exports += 1;
      contentTypes.add(String(req.headers['content-type']));
      if (decode) {
        const raw = Buffer.concat(chunks);
        const body =
          req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        spans.push(...decodeTraceExport(body));
      }
      // an empty ExportTraceServiceResponse: full success
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    exports: () => exports,
    contentTypes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
