import { Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { CHILD_ACCOUNT_NAME_MAX_LENGTH, ChildAccountNameSchema, type ChildAccount } from "../../../schema/child-account";

/** Renames a sub-account; the name rule is the shared one, checked before anything is sent. */
export function RenameDialog({ child, onCancel, onRename }: { child: ChildAccount | null; onCancel: () => void; onRename: (name: string) => Promise<string | null> }) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    setName(child?.name ?? "");
    setProblem(null);
  }, [child]);

  async function save() {
    const checked = ChildAccountNameSchema.safeParse(name);
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    setSaving(true);
    setProblem(await onRename(checked.data).finally(() => setSaving(false)));
  }

  return (
    <Modal open={child !== null} title="修改子账号名称" onCancel={onCancel} onOk={save} okText="保存" cancelText="取消" confirmLoading={isSaving} destroyOnHidden>
      <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={CHILD_ACCOUNT_NAME_MAX_LENGTH} aria-label="子账号名称" status={problem ? "error" : undefined} />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Modal>
  );
}
