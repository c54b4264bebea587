export { API_PATH } from './definition.js'
