import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { NotaryCertificateQueryFormSchema } from "../../../schema/evidence-query";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const NOTARY_CERTIFICATE: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.notaryCertificate,
  title: "公证书查询",
  lead: "通过平台申请、由合作公证机构出具的公证书，可以在这里按公证书编号查询，核对公证书与所公证的证据是否对应。",
  form: { schema: NotaryCertificateQueryFormSchema, name: "查询公证书", submitText: "查询" },
  source: { service: { section: "judicial/notarization" }, whileAbsent: "平台还没有出具过公证书，暂时没有可以查询的结果" },
  sections: [
    {
      heading: "查询将给出什么",
      items: [
        "出具公证书的公证机构和出具日期。",
        "公证书所对应的证据：存证编号、证据摘要和存证时间，可进一步打开存证证书核对。",
        "公证书的电子文件摘要，便于核对手中的公证书文件是否完整。",
      ],
      closing: ["公证书的效力以公证机构出具的文书为准。对公证书内容有疑问的，请直接向出具公证书的公证机构核实。"],
      links: [
        { label: "公证入口", to: PUBLIC_PAGE_PATHS.notaryEntrance },
        { label: "存证证书", to: PUBLIC_PAGE_PATHS.certificate },
      ],
    },
  ],
};
