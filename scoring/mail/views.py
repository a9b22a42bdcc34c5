"""The e-mail pages: the directors' list of members' addresses and each member's form
(address, language, the invitation); the pages a member opens from an e-mail without
signing in (yes, stop); the night's "send now".

The member's pages change nothing when opened (a mail program or a scanner may open a
link to look at it): each asks, and its button posts. The stop takes a post without the
page's form too (RFC 8058's one-click unsubscribe, posted by the mail program itself):
its signed link is what it trusts, not a cookie.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import TemplateView, UpdateView

from scoring.core.http.permissions import DirectorRequiredMixin
from scoring.core.ui.views import NightPage, OneButton
from scoring.mail import services, tokens
from scoring.mail.forms import MemberMailForm
from scoring.mail.selectors import member_mail, members_mail
from scoring.models import Member
from scoring.words.elision import with_names


@method_decorator(never_cache, name="dispatch")
class MembersMail(DirectorRequiredMixin, TemplateView):
    """Every member's address, language and whether they get their nights."""

    template_name = "scoring/mail/members_mail.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(members=members_mail(), **kwargs)


@method_decorator(never_cache, name="dispatch")
class MemberMail(DirectorRequiredMixin, UpdateView):
    """A member's address and language; the invitation's button."""

    model = Member
    form_class = MemberMailForm
    template_name = "scoring/mail/member_mail.html"
    context_object_name = "member"

    def get_context_data(self, **kwargs):
        mail = member_mail(self.object)
        return super().get_context_data(mail=mail, days=tokens.YES_DAYS, **kwargs)

    def form_valid(self, form):
        services.member_mail_set(member=self.object, **form.cleaned_data)
        messages.success(self.request, gettext("Kept."))
        return redirect("scoring:member-mail", self.object.pk)


class MemberInvite(DirectorRequiredMixin, OneButton, TemplateView):
    def change(self, user):
        self.member = get_object_or_404(Member, pk=self.kwargs["pk"])
        return services.member_invite(member=self.member)

    def done_note(self, result) -> str:
        return gettext("The invitation to %(email)s is on its way.") % {"email": self.member.email}

    def back_url(self) -> str:
        return reverse("scoring:member-mail", args=[self.kwargs["pk"]])


NOT_OURS = gettext_lazy("This link is not one of the club's.")


class SignedLinkPage(TemplateView):
    """A page a member opens from an e-mail: GET asks, POST does (``act``). It speaks
    the e-mail's language, the member's, whatever the browser it opens in asks for."""

    def act(self, token: str):
        raise NotImplementedError

    def read(self, token: str) -> tokens.Signed | None:
        raise NotImplementedError

    def dispatch(self, request, *args, **kwargs):
        signed = self.read(kwargs["token"])
        member = Member.objects.filter(pk=signed.member).first() if signed else None
        language = member.mail_language if member else translation.get_language()
        with translation.override(language):
            if signed and member is None:
                # Another club's member (the club's scope finds no such member), or one
                # gone: nothing of theirs is shown, the address in the link included.
                response = self.render_to_response({"refused": NOT_OURS}, status=404)
            else:
                response = super().dispatch(request, *args, **kwargs)
            if hasattr(response, "render"):
                response.render()  # in the member's language, not after the view has returned
        return response

    def post(self, request, token: str):
        try:
            member = self.act(token)
        except ValidationError as error:
            return self.render_to_response({"refused": " ".join(error.messages)}, status=400)
        return self.render_to_response({"done": True, "member": member})


@method_decorator(never_cache, name="dispatch")
class MailYes(SignedLinkPage):
    template_name = "scoring/mail/yes.html"

    def get_context_data(self, **kwargs):
        signed = self.read(kwargs["token"])
        member = Member.objects.filter(pk=signed.member).first() if signed else None
        if member is None or member.email.lower() != signed.email.lower():
            return {"refused": services.BAD_YES}
        # Put together here, not in the template: French elides "de" before a name that
        # starts with a vowel ("chaque soirée d’Élise").
        asked = with_names(
            gettext("Send %(name)s's results of each night to %(email)s, once the night is final?"),
            {"name": member.name, "email": member.email},
        )
        return {"member": member, "asked": asked}

    def read(self, token: str) -> tokens.Signed | None:
        return tokens.read_yes(token)

    def act(self, token: str):
        return services.member_mail_yes(token=token)


@method_decorator([never_cache, csrf_exempt], name="dispatch")
class MailStop(SignedLinkPage):
    template_name = "scoring/mail/stop.html"

    def get_context_data(self, **kwargs):
        signed = self.read(kwargs["token"])
        if signed is None:
            return {"refused": NOT_OURS}
        return {"email": signed.email}

    def read(self, token: str) -> tokens.Signed | None:
        return tokens.read_stop(token)

    def act(self, token: str):
        return services.member_mail_stop(token=token)


class NightMailSendNow(DirectorRequiredMixin, OneButton, NightPage):
    def change(self, user):
        return services.night_mail_send_now(night=self.night)

    def done_note(self, result) -> str:
        return gettext("The night's waiting e-mails are being sent.")

    def back_url(self) -> str:
        return self.night_url() + "#mail"


members_mail_page = MembersMail.as_view()
member_mail_page = MemberMail.as_view()
member_invite = MemberInvite.as_view()
mail_yes = MailYes.as_view()
mail_stop = MailStop.as_view()
night_mail_send_now = NightMailSendNow.as_view()
