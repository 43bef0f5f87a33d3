/** Manager-edited settings (modules/appinfo). */
export interface AppinfoTables {
  app_settings: AppSettingsTable;
}

/** A manager-edited setting: one JSON value per key (modules/appinfo). */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_by: number | null;
  updated_at: string;
}
