/* Placeholder slot for the export menu (issue 7, part 4); composed here so the features stay apart. */
export function IncidentExportMenu() {
  return null;
}
