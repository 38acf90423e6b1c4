import { MSG } from '@bpm/contract/messages';
import type { Project } from '@bpm/contract/projects';
import { Alert, Box, Button, Paper, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useProject, useWorkMutation, workApi } from '../../api/work';
import { useIdParam } from '../../components/FormPage';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';

/** /projects/add and /projects/edit/{ProjectId}: a name and a rich-text description. */
export default function ProjectFormPage() {
  const id = useIdParam('ProjectId');
  const q = useProject(id);
  if (id && !q.data) {
    if (q.isError)
      return <Alert severity="error">{q.error instanceof Error ? q.error.message : MSG.failedLoadProjectData}</Alert>;
    return <PageLoader />;
  }
  return <ProjectForm key={id ?? 'new'} project={q.data} />;
}

function ProjectForm({ project }: { project?: Project }) {
  const navigate = useNavigate();
  const [name, setName] = useState(project?.name ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(null);
  const save = useWorkMutation((body: Record<string, unknown>) => workApi.saveProject(project?.id, body));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: MSG.required });
      toast(MSG.projectNameRequired, 'error');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ name, description, version: project?.version });
      toast(project ? MSG.projectUpdated : MSG.projectCreated, 'success');
      if (project) navigate(-1);
      else navigate(`/projects/view/${saved.id}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors && Object.keys(err.fieldErrors).length) {
        setErrors(err.fieldErrors);
        setServerErrors(err.fieldErrors);
      }
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <PageHeader back title={project ? 'Edit Project' : 'New Project'} />
      {serverErrors && (
        <Alert severity="error" onClose={() => setServerErrors(null)} sx={{ mb: 2 }}>
          {Object.entries(serverErrors).map(([k, m]) => (
            <div key={k}>
              {k}: {m}
            </div>
          ))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <TextField
            label="Project Name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { 'data-testid': 'field-name', maxLength: 200 } }}
          />
          <LazyRichTextEditor
            label="Description"
            value={description}
            onChange={setDescription}
            testId="field-description"
          />
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <Button onClick={() => navigate(-1)} data-testid="project-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="project-save">
            Save
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
