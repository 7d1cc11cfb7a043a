import { APP_PATHS } from "../../../app/path-rules";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";
import { notOfferedSentence } from "../../../resources/offered-services";

const NOTARISATION = notOfferedSentence([{ section: "judicial/notarization" }]);

export const NOTARY_ENTRANCE_TITLE = "公证入口";

export const NOTARY_ENTRANCE_LEAD =
  "在线公证让您不必带着电脑跑公证处：在平台上固定好的证据，可以直接提交给与平台合作的公证机构，由公证员在线审核后出具公证书。";

export const NOTARY_ENTRANCE_SECTIONS: readonly ContentSection[] = [
  {
    heading: "在线公证怎么办",
    steps: [
      "在平台完成存证或网页取证：证据写入证据账本，取得存证证书。",
      "选择要公证的证据和受理的公证机构，填写申请事项，上传身份材料。使用公证套餐的，提交时套餐暂时冻结。",
      "公证员在线审核证据、存证记录和材料，需要时会请您补充材料或说明情况。",
      "审核通过后，公证机构出具公证书，您可以在平台查看办理进度并下载电子公证书；需要纸质公证书的，按公证机构的要求领取或邮寄。",
      "申请被驳回或在审核前撤销的，所用套餐恢复可用；费用按公证机构的收费标准和平台公布的价格结算。",
    ],
    closing: [
      "合作公证机构的名单以提交申请时页面列出的为准。公证书的出具与否、出具内容，由公证机构依照《中华人民共和国公证法》和有关规定独立决定。",
      ...(NOTARISATION ? [`说明：${NOTARISATION}，目前还不能提交申请。`] : []),
    ],
    links: [
      { label: "公证申请指引", appLink: "notarizationGuidance" },
      { label: "公证书查询", to: PUBLIC_PAGE_PATHS.notaryCertificate },
      { label: "网页取证公证套餐", to: PUBLIC_PAGE_PATHS.notarizationActivity },
    ],
  },
  {
    heading: "公证机构工作人员",
    paragraphs: [
      "合作公证机构的工作人员请使用平台分配的公证处账号登录公证处工作台，在那里查看提交给本机构的申请、审核材料、出具证书和下载存证文件。公证处账号与个人、企业账号相互独立。",
    ],
    links: [{ label: "公证处登录", to: APP_PATHS.notaryLogin }],
  },
];
