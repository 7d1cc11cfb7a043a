import { Modal } from "antd";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { FINANCE_PRICE_ENDPOINTS, PriceEditFormSchema, priceUpdateOf, type PriceEditForm, type PriceRow } from "../../../schema/console/finance-prices";
import { SchemaForm } from "../../kinds/schema-form";
import { refusalOf } from "../../kinds/server-refusal";

/** Yuan text of a stored price, as the form takes it ("2800" or "88.8"). */
const yuanOf = (fen: number | null) => (fen === null ? "" : String(fen / 100));

/** 修改价格: the regular price, an optional dated promotion, a reason for the audit trail. */
export function EditPriceDialog({ row, onClose, onDone }: { row: PriceRow; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(FINANCE_PRICE_ENDPOINTS.update);
  const initialValues = {
    onSale: row.regularPriceFen !== null,
    regularPrice: yuanOf(row.regularPriceFen),
    promotionName: row.promotionName ?? "",
    promotionStart: row.promotionStart ?? "",
    promotionEnd: row.promotionEnd ?? "",
    promotionPrice: yuanOf(row.promotionPriceFen),
  };
  return (
    <Modal open title={`修改价格：${row.name}（${row.code}）`} footer={null} onCancel={onClose} destroyOnHidden>
      <SchemaForm
        schema={PriceEditFormSchema}
        submitLabel="保存"
        initialValues={initialValues}
        onSubmit={async (values) => {
          try {
            await send(priceUpdateOf(row.code, values as PriceEditForm));
          } catch (error) {
            return refusalOf(error);
          }
          onDone();
          return null;
        }}
      />
    </Modal>
  );
}
