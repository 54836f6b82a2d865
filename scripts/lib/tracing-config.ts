/**
 * Whether the server traces (issue 43 item 4): an OTLP endpoint is configured
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), the SDK is not
 * disabled (`OTEL_SDK_DISABLED=true`) and the traces exporter is not `none`. Kept apart from
 * tracing.ts so deciding loads nothing of the SDK.
 */
export const tracingWanted = (env: NodeJS.ProcessEnv): boolean =>
  Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ||
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  ) &&
  env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' &&
  env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none';
