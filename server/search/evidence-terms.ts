/**
 * Words of this platform and of evidence law that jieba's general dictionary lacks or ranks too low
 * (it has 存证 at frequency 3, and splits 区块链 → 区块/链, 时间戳 → 时间/戳). They are loaded into
 * the segmenter as a user dictionary so that documents and queries cut them as whole words.
 */
export const EVIDENCE_TERMS: readonly string[] = [
  // Evidence taking and keeping
  "存证", "取证", "出证", "固证", "存证平台", "电子存证", "区块链存证", "存证证书", "存证编号", "存证记录",
  "网页取证", "手机取证", "过程取证", "录屏取证", "侵权取证", "录屏", "屏幕录制", "网页截图", "截屏",
  "云取证", "证据保全", "诉讼保全", "证据固定", "证据链", "证据目录", "取证过程",
  // Integrity and time
  "区块链", "司法链", "司法区块链", "联盟链", "上链", "链上", "区块高度", "交易哈希", "哈希", "哈希值",
  "哈希算法", "摘要值", "时间戳", "可信时间戳", "可信时间", "时间源", "授时中心", "默克尔树", "检查点",
  "防篡改", "数字签名", "电子签名", "数字证书", "国密", "电子数据", "电子证据", "电子文件", "数据完整性",
  // Notarisation, appraisal, courts
  "公证", "公证处", "公证员", "公证书", "保全公证", "司法鉴定", "鉴定意见", "鉴定机构", "在线诉讼",
  "诉讼规则", "互联网法院", "诉讼包", "证书编号", "举证", "举证责任", "质证", "证明力", "真实性审查",
  "起诉状", "立案", "案号", "裁判理由", "数字报告",
  // Rights
  "侵权", "著作权", "著作权人", "信息网络传播权", "知识产权", "商标权", "专利权", "权利人", "侵权行为",
  "不正当竞争", "聊天记录", "电子合同", "即时通讯",
];
