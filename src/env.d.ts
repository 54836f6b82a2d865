interface ImportMetaEnv {
  /** Set by Waku at build time: the id of this build. */
  readonly WAKU_BUILD_ID?: string;
}
