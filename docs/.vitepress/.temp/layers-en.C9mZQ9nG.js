const _imports_0 = "/docs/master/screenshots/layers-en.jpg";
export {
  _imports_0 as _
};
