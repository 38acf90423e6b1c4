import { MSG } from '@bpm/contract/messages';
import { type Project, projectSave } from '@bpm/contract/projects';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { isNotFound, useProject, useWorkMutation, workApi } from '../../api/work';
import { useConflict } from '../../components/ConflictBanner';
import { FormPage, useIdParam } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { goBackAfterSave } from '../../components/form-behaviour';
import { SKIP_LEAVE_GUARD } from '../../components/form-guard';
import { FormRichTextField } from '../../components/LazyRichTextEditor';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';

type Input = z.input<typeof projectSave>;
type Output = z.output<typeof projectSave>;

const fromProject = (p: Project | undefined): DefaultValues<Input> => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  version: p?.version,
});

const FIELDS = ['name', 'description', 'version'];

/** /projects/add and /projects/edit/{ProjectId}: a name and a rich-text description. */
export default function ProjectFormPage() {
  const id = useIdParam('ProjectId');
  const q = useProject(id);
  if (id && !q.data) {
    // The spec's words for a failed load (document 3 section 8); a missing project says so.
    if (q.isError)
      return (
        <Alert severity="error" data-testid="project-load-error">
          {isNotFound(q.error, MSG.projectNotFound) ? MSG.projectNotFound : MSG.failedLoadProjectData}
        </Alert>
      );
    return <PageLoader />;
  }
  return <ProjectForm key={id ?? 'new'} project={q.data} reload={() => q.refetch()} />;
}

function ProjectForm({ project, reload }: { project?: Project; reload: () => Promise<{ data?: Project }> }) {
  const navigate = useNavigate();
  const save = useWorkMutation((body: Record<string, unknown>) => workApi.saveProject(project?.id, body));
  const { control, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(projectSave),
    defaultValues: fromProject(project),
  });
  const conflict = useConflict(reload, (fresh) => reset(fromProject(fresh)));

  const onSubmit = handleSubmit(
    async (values) => {
      conflict.set(null);
      try {
        const saved = await save.mutateAsync({ ...values, version: project ? values.version : undefined });
        toast(project ? MSG.projectUpdated : MSG.projectCreated, 'success');
        if (project) await goBackAfterSave(navigate);
        else navigate(`/projects/view/${saved.id}`, { replace: true, state: SKIP_LEAVE_GUARD });
      } catch (err) {
        handleSaveError(err, setError as never, FIELDS, conflict.set);
      }
    },
    (errors) => {
      if (errors.name) toast(MSG.projectNameRequired, 'error');
    },
  );

  return (
    <FormPage
      onSubmit={onSubmit}
      header={<PageHeader back title={project ? 'Edit Project' : 'New Project'} />}
      conflict={conflict}
      testIdPrefix="project"
      onCancel={() => navigate(-1)}
      saving={save.isPending}
      dirty={formState.isDirty}
    >
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="name"
          label="Project Name"
          required
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormRichTextField control={control} name="description" label="Description" />
      </Stack>
    </FormPage>
  );
}
