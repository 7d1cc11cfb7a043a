/** The stored ledger contradicts itself or its key; the server must not start on it. */
export class LedgerIntegrityError extends Error {
  override name = "LedgerIntegrityError";
  constructor(detail: string) {
    super(`账本自检失败，拒绝启动：${detail}。请从备份恢复数据目录或数据库并核查原因；不要删除或改写已签发的检查点`);
  }
}

/** A question the ledger cannot answer: no such entry or checkpoint, or sizes out of range. */
export class LedgerQueryError extends Error {
  override name = "LedgerQueryError";
  constructor(
    readonly kind: "not-found" | "out-of-range",
    message: string,
  ) {
    super(message);
  }
}

export class LedgerClosedError extends Error {
  override name = "LedgerClosedError";
  constructor() {
    super("账本服务已关闭，不再接受新条目");
  }
}
