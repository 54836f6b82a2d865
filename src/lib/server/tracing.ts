import 'server-only';

import {
  context,
  propagation,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';

import { tracing } from '../tracing.ts';

/**
 * The bundle's spans (issue 43 item 4), on the OpenTelemetry API: the SDK behind it is
 * registered by the server process (scripts/lib/tracing.ts) only when an OTLP endpoint is
 * configured. Off, every wrapper here calls straight through: no span object, no context.
 */
const tracer = () => trace.getTracer('exchange-web');

const failed = (span: Span, error: unknown) => {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
};

/**
 * The render of a page, RSC payload or server action as a span that ends with its answer's
 * last byte (a streamed page's sections included), or when the client goes away.
 */
export const traceRender = async (
  attributes: Attributes,
  render: () => Promise<Response | null | undefined>,
): Promise<Response | null | undefined> => {
  if (!tracing()) return render();
  return tracer().startActiveSpan('render', { attributes }, async (span) => {
    let res: Response | null | undefined;
    try {
      res = await render();
    } catch (error) {
      failed(span, error);
      span.end();
      throw error;
    }
    if (!res?.body) {
      span.end();
      return res;
    }
    span.setAttribute('http.response.status_code', res.status);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      span.end();
    };
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            end();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          failed(span, error);
          end();
          controller.error(error);
        }
      },
      cancel(reason) {
        span.setAttribute('exchange.aborted', true);
        end();
        return reader.cancel(reason);
      },
    });
    return new Response(body, res);
  });
};

/**
 * The active trace context as W3C headers (`traceparent`, `tracestate`), to hand to another
 * thread; empty when tracing is off.
 */
export const traceCarrier = (): Record<string, string> => {
  const carrier: Record<string, string> = {};
  if (tracing()) propagation.inject(context.active(), carrier);
  return carrier;
};

/** The trace and span ids of the active span, for log lines; undefined with tracing off. */
export const activeTraceIds = ():
  { traceId: string; spanId: string } | undefined => {
  if (!tracing()) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext)
    ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
    : undefined;
};
