import { Button, Modal } from "antd";

export const PASSWORD_UPDATE_TEXT = { title: "修改密码提醒", change: "修改密码", later: "下次再说" } as const;

export interface PasswordUpdateDialogProps {
  message: string;
  isPending: boolean;
  onChangePassword: () => void;
  onLater: () => void;
  onClose: () => void;
}

/** Code 3011 (spec §8): the server's message, with "modify password" or "next time". */
export function PasswordUpdateDialog(props: PasswordUpdateDialogProps) {
  return (
    <Modal
      open
      title={PASSWORD_UPDATE_TEXT.title}
      onCancel={props.onClose}
      destroyOnHidden
      footer={[
        <Button key="later" onClick={props.onLater} loading={props.isPending} disabled={props.isPending}>
          {PASSWORD_UPDATE_TEXT.later}
        </Button>,
        <Button key="change" type="primary" onClick={props.onChangePassword} disabled={props.isPending}>
          {PASSWORD_UPDATE_TEXT.change}
        </Button>,
      ]}
    >
      {props.message}
    </Modal>
  );
}
