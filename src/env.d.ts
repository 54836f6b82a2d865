interface ImportMetaEnv {
  /** Set by Waku at build time: the id of this build. */
  readonly WAKU_BUILD_ID?: string;
  /** Set by waku.config.ts at build time: when this build was made (ISO 8601). */
  readonly SITE_BUILD_TIME?: string;
}
