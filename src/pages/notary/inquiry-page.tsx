import { Alert } from "antd";
import type { SectionPageProps } from "../../resources/derive";
import NotarialCertificatePanel from "../info/notarial-certificate/notarial-certificate-panel";
import { SectionPageFrame } from "../kinds/section-page-frame";

/**
 * /info/notaryRequests/notarialInquiry: a notarial certificate checked by its number, as the public
 * query answers it (any office's: a certificate a party brings in), with the checks repeated in this
 * browser; the office's own register is notarialInquiryList.
 */
export default function InquiryPage({ route }: SectionPageProps) {
  return (
    <SectionPageFrame route={route}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="输入公证书编号，查验任一公证处通过本平台出具的公证书：出证公证处、时间、文件摘要、账本记录与电子印章。本处出具的全部公证书见“本处已出具的公证书”。" />
      <NotarialCertificatePanel />
    </SectionPageFrame>
  );
}
