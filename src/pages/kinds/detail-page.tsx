import { RecordPage } from "./record-page";

/** The detail kind (dataDetail, evidenceSaveInfo, seeJudicialPay …). */
export default RecordPage;
