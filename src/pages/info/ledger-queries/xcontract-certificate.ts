import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const XCONTRACT_CERTIFICATE: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.xcontractCertificate,
  title: "电子合同存证证书",
  lead: "通过合同服务签署的电子合同，签署完成后会整份存证。输入合同存证证书编号，可以查看证书并核对合同文件。",
  form: { loadSchema: () => import("../../../schema/evidence-query").then((module) => module.ContractCertificateQueryFormSchema), name: "查看合同存证证书", submitText: "查看证书" },
  source: { service: { service: "contractSigning" }, whileAbsent: "平台还没有签署过电子合同，暂时没有可以查看的合同存证证书" },
  sections: [
    {
      heading: "合同存证证书将包含什么",
      items: [
        "合同名称、合同存证编号和签署完成时间。",
        "各签署方（脱敏显示）及其签署时间。",
        "已签署合同文件的 SHA-256 与 SM3 摘要，以及账本包含证明。",
        "外部锚定记录及其各自的核验结果。",
      ],
      closing: ["核对时，请使用签署完成后下载的合同文件：任何改动（包括另存为、重新打印扫描）都会使摘要不同。"],
      links: [{ label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery }],
    },
  ],
};
