// FunctionRef<R(Args...)>: a non-owning reference to a callable object (a
// lambda or any function object), called through one indirect call. Unlike
// std::function it never allocates and never copies the callable, so it
// fits per-frame calls; like a reference, the callable must outlive it (pass
// it as a parameter, do not store it).
#pragma once

#include <memory>
#include <type_traits>
#include <utility>

namespace anim {

template <typename Signature>
class FunctionRef;

template <typename R, typename... Args>
class FunctionRef<R(Args...)> {
 public:
  // Implicit: it converts like a reference. Its requires clause keeps
  // FunctionRef itself out, so copies still take the copy constructor (which
  // bugprone-forwarding-reference-overload does not see).
  // NOLINTBEGIN(google-explicit-constructor,bugprone-forwarding-reference-overload)
  template <typename F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> &&
           std::is_invocable_r_v<R, F&, Args...>) FunctionRef(F&& f)
      : callable_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        invoke_([](void* callable, Args... args) -> R {
          return (*static_cast<std::remove_reference_t<F>*>(callable))(std::forward<Args>(args)...);
        }) {}
  // NOLINTEND(google-explicit-constructor,bugprone-forwarding-reference-overload)

  R operator()(Args... args) const { return invoke_(callable_, std::forward<Args>(args)...); }

 private:
  void* callable_;
  R (*invoke_)(void*, Args...);
};

}  // namespace anim
