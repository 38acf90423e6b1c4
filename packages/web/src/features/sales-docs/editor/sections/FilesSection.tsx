import { DocFiles } from '../DocFiles';
import type { SalesDocFormApi } from '../useSalesDocForm';
import { Section } from './layout';
import { SendDocumentButtons } from './SendDocumentButtons';

/** The PDFs: upload with the next save, view, download, and (orders, full editor) Generate OC / invoice. */
export function FilesSection({ f }: { f: SalesDocFormApi }) {
  const { info, id, kind } = f;
  const fullSave = info.canSave && info.sends === 'all';
  return (
    <Section title="Files">
      <DocFiles
        kind={kind}
        docId={id}
        admin={f.allowed('files.admin')}
        fields={info.files}
        uploads={info.canSave ? info.uploads : []}
        required={info.ocRequired ? ['oc_pdf'] : []}
        names={f.current ?? {}}
        pending={f.pending}
        errors={f.fileErrors}
        onChoose={f.onChooseFile}
        onError={(field, m) => f.setFileErrors((e) => ({ ...e, [field]: m }))}
        generate={
          kind === 'order' && id && fullSave
            ? {
                oc_pdf: { label: 'Generate OC', busy: f.generate.isPending, run: () => f.onGenerate('oc') },
                invoice_pdf: {
                  label: 'Generate invoice',
                  busy: f.generate.isPending,
                  run: () => f.onGenerate('invoice'),
                },
              }
            : undefined
        }
      />
      {kind === 'order' && id ? <SendDocumentButtons orderId={id} /> : null}
    </Section>
  );
}
