const _imports_0 = "/docs/master/screenshots/overview-en.jpg";
export {
  _imports_0 as _
};
