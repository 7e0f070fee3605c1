/**
 * Properties (central): the list, the create / show / edit pages, and on the show page the logo, the test email
 * and the property's settings. The form's sections are in PropertyFields.tsx and EmailSection.tsx.
 */
export { PropertiesListPage } from './PropertiesListPage';
export { PropertyCreatePage, PropertyPage } from './PropertyPage';
