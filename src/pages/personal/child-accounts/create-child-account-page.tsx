import { Alert } from "antd";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../../app/path-rules";
import { PersonalPage } from "../personal-page";
import { CREATE_CHILD_TEXT, CreateChildAccountForm } from "./create-child-account-form";
import { MainAccountOnly } from "./main-account-only";

/** /personal/childAccountManagement/createChildAccount. */
export function CreateChildAccountPage() {
  const navigate = useNavigate();
  return (
    <PersonalPage title="新建子账号">
      <MainAccountOnly>
        <Alert type="info" showIcon message={CREATE_CHILD_TEXT.passwordHint} style={{ marginBottom: 24, maxWidth: 420 }} />
        <CreateChildAccountForm onCreated={(child) => navigate(`${APP_PATHS.createChildAccountSuccess}?id=${child.id}`)} />
      </MainAccountOnly>
    </PersonalPage>
  );
}
