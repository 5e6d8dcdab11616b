import { useTranslation } from 'react-i18next';
import { ConfirmDialogFrame, type ConfirmDialogProps } from './confirm-dialog-frame';

/** The portal's confirmation: ConfirmDialogFrame with its close icon named in the UI language. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return <ConfirmDialogFrame {...props} closeLabel={t('closeDialog')} />;
}
