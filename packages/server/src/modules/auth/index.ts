// The auth module's public face: sessions, tokens, captcha and SMS codes.
export { authService, type AuthService } from './auth.service.js';
export { tokensService, type TokensService } from './tokens.service.js';
export { captchaService } from './captcha.service.js';
export { smsCodeService, type SmsCodeService } from './sms-code.service.js';
export { authRoutes } from './auth.routes.js';
export { hashPassword } from './passwords.js';
export { loginGuard, type LoginGuard } from './login-guard.js';
