"""The players' e-mail: the directors' pages of addresses, the links a member opens from
an e-mail, a night's "send now"."""

from django.urls import path

from scoring.mail import views

urlpatterns = [
    path("members/mail/", views.members_mail_page, name="members-mail"),
    path("members/<int:pk>/mail/", views.member_mail_page, name="member-mail"),
    path("members/<int:pk>/mail/invite/", views.member_invite, name="member-invite"),
    path("mail/yes/<str:token>/", views.mail_yes, name="mail-yes"),
    path("mail/stop/<str:token>/", views.mail_stop, name="mail-stop"),
    path("nights/<int:pk>/mail/send/", views.night_mail_send_now, name="night-mail-send"),
]
