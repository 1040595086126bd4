/// <reference types="vitepress/client" />

import Theme from 'vitepress/theme'
import 'virtual:group-icons.css'
import './styles.css'

export default Theme
